#!/usr/bin/env python3
"""browser.py - drive headless Chromium over the DevTools protocol
(--remote-debugging-pipe: commands on fd 3, replies on fd 4, NUL-separated
JSON) to check an SVG written by `flametui --export svg` works: it loads,
a screenshot is taken, a click zooms, Ctrl-F answered with a pattern
highlights matches and "Matched" shows the share, Escape resets.

    browser.py CHROMIUM FILE.svg OUTDIR ZOOM_NAME SEARCH EXPECT_MATCHED

ZOOM_NAME: a frame to click (by its name); SEARCH: the regex typed at the
prompt; EXPECT_MATCHED: the "Matched: ..." text expected after the search
(as flametui --dump --search prints it for the same view).
Prints "  ok   ..." / "  FAIL ..." lines and exits 1 on any failure.
No network: the file is opened from disk and nothing else is loaded.
"""
import json
import os
import subprocess
import sys
import tempfile

chrome, svg, outdir, zoom_name, pattern, expect = sys.argv[1:7]
fails = 0


def check(name, ok, detail=""):
    global fails
    print(("  ok   " if ok else "  FAIL ") + name + ("" if ok else ": " + str(detail)))
    if not ok:
        fails += 1


class Browser:
    def __init__(self):
        self.to_r, self.to_w = os.pipe()      # our commands -> chrome fd 3
        self.from_r, self.from_w = os.pipe()  # chrome fd 4 -> us
        self.profile = tempfile.mkdtemp(prefix="ft-chrome-")
        args = [chrome, "--headless=new", "--no-sandbox", "--disable-gpu",
                "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-extensions",
                "--disable-sync", "--disable-component-update",
                "--disable-dev-shm-usage", "about:blank"]
        to_r, from_w = self.to_r, self.from_w

        def fds():
            os.dup2(to_r, 3)
            os.dup2(from_w, 4)
        self.proc = subprocess.Popen(args, preexec_fn=fds, pass_fds=(3, 4),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_r)
        os.close(self.from_w)
        self.buf = b""
        self.id = 0
        self.events = []
        self.session = None

    def post(self, method, params=None, session=True):
        """Send a command; its id, for reply()."""
        self.id += 1
        msg = {"id": self.id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        return self.id

    def send(self, method, params=None, session=True):
        return self.reply(self.post(method, params, session), method)

    def reply(self, want, method=""):
        for i, m in enumerate(self.events):
            if m.get("id") == want:
                self.events.pop(i)
                return m.get("result", {})
        while True:
            m = self.read()
            if m.get("id") == want:
                if "error" in m:
                    raise RuntimeError(method + ": " + json.dumps(m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def wait_event(self, name):
        for i, e in enumerate(self.events):
            if e.get("method") == name:
                return self.events.pop(i)
        while True:
            m = self.read()
            if m.get("method") == name:
                return m
            self.events.append(m)

    def eval(self, expr):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError(expr + ": " + json.dumps(r["exceptionDetails"]))
        return r["result"].get("value")

    def screenshot(self, path):
        import base64
        r = self.send("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        subprocess.run(["rm", "-rf", self.profile])


b = Browser()
try:
    t = b.send("Target.createTarget", {"url": "about:blank"})
    b.session = b.send("Target.attachToTarget", {"targetId": t["targetId"], "flatten": True},
                       session=False)["sessionId"]
    b.send("Page.enable")
    b.send("Runtime.enable")
    b.send("Network.enable")
    b.send("Emulation.setDeviceMetricsOverride",
           {"width": 1200, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    b.send("Page.navigate", {"url": "file://" + os.path.abspath(svg)})
    b.wait_event("Page.loadEventFired")
    b.screenshot(os.path.join(outdir, "loaded.png"))
    # Nothing but the file itself was requested.
    reqs = [e["params"]["request"]["url"] for e in b.events
            if e.get("method") == "Network.requestWillBeSent"]
    check("no request but the file itself", all(u.startswith("file://") for u in reqs) and len(reqs) == 1, reqs)
    n = b.eval("document.querySelectorAll('g.f').length")
    check("frames loaded by the script", b.eval("frames.length") == n and n > 1, n)
    errs = [e for e in b.events if e.get("method") == "Runtime.exceptionThrown"]
    check("no script errors", not errs, errs[:1])

    # Hover: the details line shows the frame's title.
    box = b.eval("""(function(){var f=frames.filter(function(f){return f.name==%s})[0];
        var r=f.r.getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2,f.w,f.x];})()"""
                 % json.dumps(zoom_name))
    b.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1]})
    det = b.eval("el('details').textContent")
    check("hover shows name, total, self and percentages",
          det.startswith(zoom_name + "  |  total: ") and "self: " in det and "% of all" in det, det)

    # Click zooms: the frame fills the width, frames outside it are hidden.
    b.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": box[0], "y": box[1],
                                        "button": "left", "clickCount": 1})
    b.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": box[0], "y": box[1],
                                        "button": "left", "clickCount": 1})
    w = b.eval("+frames.filter(function(f){return f.name==%s})[0].r.getAttribute('width')"
               % json.dumps(zoom_name))
    check("click zooms: the frame fills the width", abs(w - 1180) < 0.01, w)
    hidden = b.eval("frames.filter(function(f){return f.g.style.display=='none'}).length")
    check("click zooms: frames outside it are hidden", hidden > 0, hidden)
    check("reset button shown", b.eval("el('reset').style.visibility") == "visible")
    zidx = b.eval("frames.indexOf(zoomed)")
    check("the zoom is kept in the URL (#zoom=N)",
          ("zoom=%d" % zidx) in b.eval("location.hash").lstrip("#").split("&"),
          b.eval("location.hash"))
    b.screenshot(os.path.join(outdir, "zoomed.png"))

    # Ctrl-F asks for a regex; the prompt is answered with the pattern.
    # The key event's reply comes only after the dialog is closed.
    key = b.post("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "f", "code": "KeyF",
                                            "windowsVirtualKeyCode": 70, "modifiers": 2})
    d = b.wait_event("Page.javascriptDialogOpening")
    check("Ctrl-F opens the search prompt", d["params"]["type"] == "prompt", d["params"])
    b.send("Page.handleJavaScriptDialog", {"accept": True, "promptText": pattern})
    b.reply(key)
    b.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "f", "code": "KeyF",
                                      "windowsVirtualKeyCode": 70, "modifiers": 2})
    # Escape resets the zoom; the search stays.
    b.send("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Escape", "code": "Escape",
                                      "windowsVirtualKeyCode": 27})
    b.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Escape", "code": "Escape",
                                      "windowsVirtualKeyCode": 27})
    check("Escape resets the zoom", b.eval("el('reset').style.visibility") == "hidden" and
          b.eval("frames.filter(function(f){return f.g.style.display=='none'}).length") == 0)
    m = b.eval("el('matched').textContent")
    check("search shows the Matched share of the view", m == expect, "%r != %r" % (m, expect))
    nm = b.eval("frames.filter(function(f){return f.r.getAttribute('fill')==MATCH}).length")
    check("matches drawn in the match colour", nm > 0, nm)
    check("the search is kept in the URL (#s=)",
          ("s=" + b.eval("encodeURIComponent(%s)" % json.dumps(pattern))) in
          b.eval("location.hash").lstrip("#").split("&"), b.eval("location.hash"))
    b.screenshot(os.path.join(outdir, "search.png"))
    # The search button clears it.
    box = b.eval("(function(){var r=el('search').getBoundingClientRect();return [r.x+r.width/2,r.y+r.height/2];})()")
    for ty in ("mousePressed", "mouseReleased"):
        b.send("Input.dispatchMouseEvent", {"type": ty, "x": box[0], "y": box[1],
                                            "button": "left", "clickCount": 1})
    check("the search button clears the search",
          b.eval("frames.filter(function(f){return f.r.getAttribute('fill')==MATCH}).length") == 0
          and b.eval("el('matched').textContent") == "")
    check("a cleared view leaves no # in the URL", b.eval("location.hash") == "",
          b.eval("location.hash"))

    # The title (and subtitle) stay between the buttons and inside the image.
    # (the screen boxes: the nested <svg> clips, so measure the text itself)
    tb = b.eval("""(function(){function box(id){var t=el(id),n=t.getComputedTextLength(),
        r=t.getBoundingClientRect();return [r.x+r.width/2-n/2,r.x+r.width/2+n/2,n];}
        return box('title').concat(box('subtitle'));})()""")
    check("the title fits between the buttons (%s)" % b.eval("el('title').textContent")[:40],
          tb[0] >= b.eval("PAD + BUTTONS") - 1 and tb[1] <= b.eval("W - PAD - BUTTONS") + 1, tb)
    check("the subtitle fits in the image", tb[5] == 0 or (tb[3] >= b.eval("PAD") - 1 and
          tb[4] <= b.eval("W - PAD") + 1), tb)

    # A link with #zoom=N&s=RE opens that view.
    b.send("Page.navigate", {"url": "about:blank"})
    b.wait_event("Page.loadEventFired")
    url = "file://" + os.path.abspath(svg) + "#zoom=%d&s=" % zidx + \
        b.eval("encodeURIComponent(%s)" % json.dumps(pattern))
    b.send("Page.navigate", {"url": url})
    b.wait_event("Page.loadEventFired")
    w = b.eval("+frames[%d].r.getAttribute('width')" % zidx)
    check("#zoom=N opens zoomed: the frame fills the width", abs(w - 1180) < 0.01, w)
    nm = b.eval("frames.filter(function(f){return f.r.getAttribute('fill')==MATCH}).length")
    check("#s=RE opens with the search", nm > 0 and b.eval("pattern") == pattern, nm)
    b.screenshot(os.path.join(outdir, "from-url.png"))
finally:
    b.close()
print("browser: %s" % ("ok" if fails == 0 else "%d failed" % fails))
sys.exit(1 if fails else 0)

# One-off collapser used to make samples/*.folded (stackcollapse-perf rules:
# comm as root, leaf-first stacks reversed, +0x offsets stripped, kernel
# frames annotated _[k]).
while (<>) {
	if (/^(\S.*?)\s+\d+(?:\/\d+)?\s+(?:\[\d+\]\s+)?[\d.]+:/) { $c = $1; @s = (); next }
	if (/^\s+[0-9a-f]+ (.+?) \((.*)\)$/) {
		my ($f, $d) = ($1, $2);
		$f =~ s/\+0x[0-9a-f]+$//;
		$f .= "_[k]" if $d eq "[kernel.kallsyms]";
		push @s, $f; next;
	}
	if (/^$/ && defined $c) { $h{join(";", $c, reverse @s)}++; undef $c }
}
$h{join(";", $c, reverse @s)}++ if defined $c;
print "$_ $h{$_}\n" for sort keys %h;

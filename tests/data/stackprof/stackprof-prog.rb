# stackprof-prog.rb - distinct methods to profile with stackprof
# (tests/data/README.md):
#   ruby stackprof-prog.rb MODE OUT.dump [ROUNDS [SIZE [noraw]]]
#   stackprof --json OUT.dump > OUT.json
require 'stackprof'

def leaf_spin(n)
  x = 0
  n.times { |i| x += i * i }
  x
end

def alloc_strings(n)
  a = []
  n.times { |i| a << "s#{i}" }
  a.size
end

def sleepy
  sleep 0.02
end

def beta(n)
  leaf_spin(n) + alloc_strings(n / 4)
end

def alpha(n)
  leaf_spin(n * 2) + beta(n)
end

def work(rounds, size)
  rounds.times do
    alpha(size)
    beta(size / 2)
    sleepy
  end
end

mode = (ARGV[0] || 'cpu').to_sym
out = ARGV[1]
interval = mode == :object ? 1 : 1000
raw = ARGV[4] != "noraw"
StackProf.run(mode: mode, raw: raw, interval: interval, out: out) { work((ARGV[2] || 15).to_i, (ARGV[3] || 20_000).to_i) }

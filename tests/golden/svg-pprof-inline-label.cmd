$FLAMETUI --export svg -o - tests/data/go-labels.cpu.pb.gz | grep -o '<title>main\.[^&<]*' | LC_ALL=C sort -u

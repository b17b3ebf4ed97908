#!/bin/sh
# The function table keeps its name column at 40 cells where it can: the
# number columns go first (12-wide values, then 9-wide, then the values,
# then the share the table is not sorted by), so at 40x12 the names are
# there (issue 30: only number columns were).
. "$(dirname "$0")/lib.sh"
S=tests/data/tui-sample.folded
header_row() { ft_screen | sed -n 2p | grep -Eq -- "$1"; }

ft_start 40 12 -- "$S"
ft_check "40x12: opens" ft_wait_for 'tui-sample.folded'
ft_keys t
ft_check "40x12: one share and the names" ft_poll 3 header_row '^  self%  function'
ft_check "40x12: the first row names its function" ft_matches '^  24\.5%  template_eval'
ft_check "40x12: a long name gets 31 cells" ft_matches '^  [0-9.]+%  [a-z_]'
ft_keys o
ft_check "40x12: sorted by total, the total share" ft_poll 3 header_row '^ total%  function'
ft_check "40x12: sql_exec's total share" ft_matches '^  22\.4%  sql_exec'

ft_start 60 12 -- "$S"
ft_keys t
ft_check "60x12: both shares, names 43 cells" ft_poll 3 header_row '^  self%  total%  function'
ft_check "60x12: sql_exec self 16.3% total 22.4%" ft_matches '^  16\.3%   22\.4%  sql_exec'

ft_start 80 24 -- "$S"
ft_keys t
ft_check "80x24: values 9 wide, names 43 cells" ft_poll 3 header_row '^     self   self%     total  total%  function'
ft_check "80x24: sql_exec's row" ft_matches '^       80   16\.3%       110   22\.4%  sql_exec'

ft_start 100 24 -- "$S"
ft_keys t
ft_check "100x24: values 12 wide as before" ft_poll 3 header_row '^        self   self%        total  total%  function'
ft_done

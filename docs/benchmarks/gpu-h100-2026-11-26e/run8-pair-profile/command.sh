#!/usr/bin/env bash
# The pair kernel alone (pair_harness, NOTE.md) on 61b82d5's kernels, then ncu on one blocked_pair_128 launch with signs.
cd .gpu/exp && ./pair_harness 50 | tee $OUT/harness.txt
ncu --kernel-name blocked_pair_128 --launch-skip 3 --launch-count 1 --section SpeedOfLight --section WarpStateStats \
  --section SchedulerStats --section Occupancy --section InstructionStats --section LaunchStats ./pair_harness 1 > $OUT/ncu128.txt 2>&1
ncu --kernel-name blocked_pair_128 --launch-skip 3 --launch-count 1 --section SourceCounters --section WarpStateStats \
  --import-source yes -o $OUT/rep ./pair_li 1
ncu -i $OUT/rep.ncu-rep --page details --print-details all > $OUT/details.txt

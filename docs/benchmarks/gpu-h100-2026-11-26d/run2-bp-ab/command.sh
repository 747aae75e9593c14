#!/usr/bin/env bash
cd .gpu/final
for b in bp_old bp_new; do echo "== $b"; ./$b 4096 8 0 3; ./$b 2048 8 0 1; ./$b 1000 8 1 1; ./$b 777 8 2 1; ./$b 7 8 0 1; ./$b 1 8 0 1; ./$b 2 8 1 1; ./$b 129 8 3 1; ./$b 300 8 1 1; done 2>&1 | tee $OUT/bp.txt

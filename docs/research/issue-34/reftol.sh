#!/bin/sh
# The reference's own error: rtol 1e-13 against rtol 1e-12 (the difference bounds the 1e-12 run's error;
# the 1e-13 run's is about a tenth of it).
cd "$(dirname "$0")"
for sc in chain3-hertz chain3-kk chain5-hertz chain5-kk chain3-tsuji-nt chain5-tsuji-nt steel5-hertz; do
  T=$(/usr/bin/python3 -c "import json;print(json.load(open('scenarios/$sc.json'))['t_end'])")
  E=$(/usr/bin/python3 -c "print($T/20)")
  /usr/bin/python3 reference.py scenarios/$sc.json $T $E /tmp/ref-a.csv 1e-12 2>/dev/null
  /usr/bin/python3 reference.py scenarios/$sc.json $T $E /tmp/ref-b.csv 1e-13 2>/dev/null
  /usr/bin/python3 -c "
import numpy as np
a=np.loadtxt('/tmp/ref-a.csv',delimiter=',',skiprows=1); b=np.loadtxt('/tmp/ref-b.csv',delimiter=',',skiprows=1); n=(a.shape[1]-1)//2
print('$sc: |ref(1e-12) - ref(1e-13)| max x %.2e  max v %.2e   (max|x| %.3g, max|v| %.3g)' % (np.abs(a[:,1:n+1]-b[:,1:n+1]).max(), np.abs(a[:,n+1:]-b[:,n+1:]).max(), np.abs(b[:,1:n+1]).max(), np.abs(b[:,n+1:]).max()))"
done
rm -f /tmp/ref-a.csv /tmp/ref-b.csv

"""Dense reference for `npm run bench`: BV (Krichene & Rendle eq 25) the way public numpy notebooks solve it.

A[r, i] = sqrt(p(r)) Bin(i; m, (r - 1)/(n - 1)) built in blocks of rows (vectorised log-pmf), G = A^T A, c = A^T sqrt(p), h = A^T b with
b_r = sqrt(p(r)) AP(r) = sqrt(p(r))/r, then numpy.linalg.solve((1 - gamma) G + gamma diag(c), h). Prints one JSON line:
the wall and CPU times of the whole computation in ms (numpy's BLAS uses every core) and the first and last entries
of the solution (for a sanity check).
Usage: python3 bench/denseBv.py N M GAMMA
"""
import json
import sys
import time

import numpy as np
from scipy.special import gammaln, xlog1py, xlogy

n, m, gamma = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
start = time.perf_counter()
cpu_start = time.process_time()
p = 1.0 / n
G = np.zeros((m + 1, m + 1))
c = np.zeros(m + 1)
h = np.zeros(m + 1)
i = np.arange(m + 1)
log_choose = gammaln(m + 1) - gammaln(i + 1) - gammaln(m - i + 1)
block = 20_000
for lo in range(1, n + 1, block):
    r = np.arange(lo, min(n, lo + block - 1) + 1)
    theta = ((r - 1) / (n - 1))[:, None]
    A = np.sqrt(p) * np.exp(log_choose[None, :] + xlogy(i[None, :], theta) + xlog1py(m - i[None, :], -theta))
    G += A.T @ A
    c += A.T @ np.full(len(r), np.sqrt(p))
    h += A.T @ (np.sqrt(p) / r)
x = np.linalg.solve((1 - gamma) * G + gamma * np.diag(c), h)
ms = (time.perf_counter() - start) * 1000
cpu_ms = (time.process_time() - cpu_start) * 1000
print(json.dumps({"ms": ms, "cpuMs": cpu_ms, "first": x[0], "last": x[-1]}))

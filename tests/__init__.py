"""The tests (pytest imports this package before its conftest)."""

import os

# Test processes run side by side on a few cores: numpy's BLAS threads would wait on each other across processes (a
# module's evaluation of the stored models took 9.7 s instead of 3.9 s beside two busy processes). One thread each,
# set before anything imports numpy and inherited by the servers the tests start; a reader's server is unchanged.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

import Zoetrope

print("zoetrope-benchmark: no benchmarks yet")

import Zoetrope

PlaybackBenchmark.runIfRequested(CommandLine.arguments)
print("zoetrope-benchmark: no benchmarks yet")

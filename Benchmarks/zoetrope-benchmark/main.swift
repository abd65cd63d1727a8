#if canImport(Glibc)
import Glibc
#endif

// zoetrope-benchmark: a program that prints figures (see docs/benchmarks.md). `scripts/benchmark`
// is the one command that builds everything and runs `compare`. Each mode lives in its own file;
// this file only dispatches.

let arguments = Array(CommandLine.arguments.dropFirst())
let modeArguments = Array(arguments.dropFirst())

let status: Int32
switch arguments.first {
case "compare": status = CompareMode.run(modeArguments)
case "decode": status = DecodeMode.run(modeArguments)
case "inflate": status = ZlibModes.inflate(modeArguments)
case "deflate": status = ZlibModes.deflate(modeArguments)
case "generate": status = GenerateMode.run(modeArguments)
case "generate-long": status = LongAnimations.run(modeArguments)
case "generate-truecolor": status = TrueColorAnimations.run(modeArguments)
case "generate-uploads": status = UploadMix.run(modeArguments)
case "parallel-thumbnails": status = ParallelThumbnails.run(modeArguments)
case "playback": status = PlaybackBenchmark.main(modeArguments)
case "surface": status = SurfaceBenchmark.run(modeArguments)
case "frames": status = FramesMode.run(modeArguments)
case "first-frame": status = FirstFrameMode.run(modeArguments)
case "generate-quality": status = QualityMode.generate(modeArguments)
case "psnr": status = QualityMode.psnr(modeArguments)
case "webp-lossy": status = LossyWebPMode.run(modeArguments)
default:
    print("""
    usage: zoetrope-benchmark compare --reference EXE --files DIR [--files DIR...] [--rounds N] [--min-ms MS] [--json OUT] [--only TEXT]
           zoetrope-benchmark decode FILE MIN_MS [--verify]     (one measuring child; prints JSON)
           zoetrope-benchmark inflate FILE.zlib MIN_MS
           zoetrope-benchmark deflate FILE LEVEL MIN_MS
           zoetrope-benchmark generate DIR                      (APNG files made with Zoetrope's encoder)
           zoetrope-benchmark generate-long DIR [NAME...]       (long GIFs: 20,000 small, 300 and 1000 1080p frames)
           zoetrope-benchmark generate-truecolor DIR            (true-colour APNGs for the encoders: pan, gradients, sprite)
           zoetrope-benchmark generate-uploads DIR              (a chat service's uploads and two bombs: scripts/load-server)
           zoetrope-benchmark parallel-thumbnails FILE... [--seconds S]   (thumbnails by 1 thread, then 2 at once)
           zoetrope-benchmark playback FILE [--seconds S] [--budgets LIST]   (playback memory, misses, CPU)
           zoetrope-benchmark surface DIR [--seconds S] [--full]   (200 attachments of DIR's GIFs, 20 visible at 160x90)
           zoetrope-benchmark frames FILE                       (per-frame hashes, for scripts/differential)
           zoetrope-benchmark first-frame FILE [MIN_MS]         (time to the first frame: lazy open against frame 0 alone)
           zoetrope-benchmark generate-quality DIR              (true-colour and few-colour animations for scripts/encode-quality)
           zoetrope-benchmark psnr SOURCE RESULT                (PSNR of RESULT's frames against SOURCE's, in dB)
           zoetrope-benchmark webp-lossy IN OUT QUALITY METHOD [ROUNDS]   (lossy WebP still; prints the encode time in ms)
    """)
    status = arguments.first == nil ? 0 : 64
}
exit(status)

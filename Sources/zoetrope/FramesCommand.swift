import ArgumentParser
import Foundation
import Zoetrope

struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Write every composited frame as PNG files or raw RGBA.",
        discussion: """
        Each frame is the full canvas after compositing (disposal and blending applied), RGBA with \
        straight alpha. Files are named frame-0000.png (or .rgba), numbered from 0.

        Raw RGBA is width × height × 4 bytes per frame, rows top to bottom, no header; \
        `zoetrope info` tells the size. `-o -` writes the raw RGBA of all frames to standard output, \
        one after another.

        Examples:
          zoetrope frames cat.gif -o cat-frames
          zoetrope frames cat.gif -o - | ffmpeg -f rawvideo -pix_fmt rgba -s 320x240 -i - out.mp4
        """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case png, rgba
    }

    @Argument(help: "The image file. None: the built-in sample animation.")
    var file: String?

    @Option(name: .shortAndLong, help: "Output folder (created if missing), or - for raw RGBA on standard output.")
    var output: String

    @Option(help: "File format in the output folder: png or rgba.")
    var format: OutputFormat = .png

    func run() throws {
        let source = file.map(ImageSource.file) ?? .builtInSample
        let image = try source.open()
        if output == "-" {
            try image.forEachFrame { _, frame in StandardOutput.write(frame.pixels) }
        } else {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let showProgress = StandardError.isTerminal && image.frameCount > 1
            try image.forEachFrame { index, frame in
                let name = "frame-" + String(format: "%04d", index) + "." + format.rawValue
                let bytes = format == .png ? PNGEncoder.encode(frame) : frame.pixels
                try FileBytes.write(bytes, to: output + "/" + name)
                if showProgress { StandardError.progress("frame \(index + 1)/\(image.frameCount)") }
            }
            if showProgress { StandardError.progress(nil) }
        }
        for warning in image.warnings { StandardError.print("warning: \(source.name): \(warning)") }
    }
}

import Foundation
import Testing
import ZoetropeTestSupport

/// Runs python3's zlib (the reference zlib) to make test vectors and to check our deflate output.
/// Its functions return `nil` when python3 is not installed: the tests that need it are skipped
/// with a message locally, and fail under CI (see ``RequiredTools``).
enum PythonZlib {
    static let isAvailable: Bool = run(script: "import zlib", input: []) != nil

    static let skipMessage = "python3 with zlib is not available: zlib cross-checks skipped"

    /// The trait of a test that cross-checks with python3's zlib.
    static var requirement: ConditionTrait { RequiredTools.needs(isAvailable, skipMessage) }

    /// The zlib strategies python exposes, by name.
    static let strategies = ["Z_DEFAULT_STRATEGY", "Z_FILTERED", "Z_HUFFMAN_ONLY", "Z_RLE", "Z_FIXED"]

    /// `data` compressed by zlib with `level` and `strategy`; `raw` gives bare deflate (wbits -15).
    static func compress(_ data: [UInt8], level: Int, strategy: String, raw: Bool = false) -> [UInt8]? {
        let wbits = raw ? -15 : 15
        let script = """
        import sys, zlib
        data = sys.stdin.buffer.read()
        c = zlib.compressobj(\(level), zlib.DEFLATED, \(wbits), 9, zlib.\(strategy))
        sys.stdout.buffer.write(c.compress(data) + c.flush())
        """
        return run(script: script, input: data)
    }

    /// `data` compressed by zlib at every level 0–9 with every strategy, in one python run.
    static func compressAll(_ data: [UInt8], raw: Bool = false) -> [(level: Int, strategy: String, stream: [UInt8])]? {
        let script = """
        import sys, zlib
        data = sys.stdin.buffer.read()
        out = sys.stdout.buffer
        for level in range(10):
            for strategy in \(strategies):
                c = zlib.compressobj(level, zlib.DEFLATED, \(raw ? -15 : 15), 9, getattr(zlib, strategy))
                stream = c.compress(data) + c.flush()
                out.write(len(stream).to_bytes(4, 'big') + stream)
        """
        guard let bytes = run(script: script, input: data) else { return nil }
        var results: [(Int, String, [UInt8])] = []
        var offset = 0
        for level in 0...9 {
            for strategy in strategies {
                guard offset + 4 <= bytes.count else { return nil }
                let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                offset += 4
                guard offset + length <= bytes.count else { return nil }
                results.append((level, strategy, Array(bytes[offset..<offset + length])))
                offset += length
            }
        }
        return results
    }

    /// `stream` decompressed by zlib, or `nil` when zlib rejects it.
    static func decompress(_ stream: [UInt8], raw: Bool = false) -> [UInt8]? {
        let script = """
        import sys, zlib
        sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read(), \(raw ? -15 : 15)))
        """
        return run(script: script, input: stream)
    }

    /// Each stream decompressed by zlib (`nil` where zlib rejects it), in one python run; `nil` when
    /// python3 is not available.
    static func decompressEach(_ streams: [[UInt8]], raw: Bool = false) -> [[UInt8]?]? {
        let script = """
        import sys, zlib
        data, out, position = sys.stdin.buffer.read(), sys.stdout.buffer, 0
        while position < len(data):
            length = int.from_bytes(data[position:position + 4], 'big')
            stream = data[position + 4:position + 4 + length]
            position += 4 + length
            try:
                result = zlib.decompress(stream, \(raw ? -15 : 15))
                out.write(b'\\x01' + len(result).to_bytes(4, 'big') + result)
            except zlib.error:
                out.write(b'\\x00')
        """
        let input = streams.flatMap { stream in
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: stream.count >> $0) } + stream
        }
        guard let bytes = run(script: script, input: input) else { return nil }
        var results: [[UInt8]?] = []
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 0 {
                results.append(nil)
                offset += 1
                continue
            }
            guard offset + 5 <= bytes.count else { return nil }
            let length = bytes[offset + 1..<offset + 5].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 5 + length <= bytes.count else { return nil }
            results.append(Array(bytes[offset + 5..<offset + 5 + length]))
            offset += 5 + length
        }
        return results.count == streams.count ? results : nil
    }

    /// python3's output for `script` fed `input`, or `nil` when python3 is missing or fails. A run
    /// that does not finish within the deadline records a failed test and gives `nil`, never a hang.
    private static func run(script: String, input: [UInt8]) -> [UInt8]? {
        do {
            let result = try Subprocess.run(["/usr/bin/env", "python3", "-c", script], input: input)
            return result.status == 0 ? result.standardOutput : nil
        } catch let error as DeadlineExceeded {
            Issue.record("python3: \(error)")
            return nil
        } catch {
            return nil
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole byte buffers to a file descriptor with `write(2)`, retrying short writes and
/// interruptions, and reporting every failure.
struct FileDescriptorWriter {
    let descriptor: Int32
    /// What the descriptor is, for messages ("standard output", a file name).
    let name: String

    static let standardOutput = FileDescriptorWriter(descriptor: 1, name: "standard output")
    static let standardError = FileDescriptorWriter(descriptor: 2, name: "standard error")

    /// Writes all of `bytes`.
    /// - Throws: ``SystemError`` with the system's reason when a write fails.
    func write(_ bytes: [UInt8]) throws(SystemError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let failure { throw SystemError("cannot write to \(name)", code: failure) }
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, bytes, count)
    #elseif canImport(Musl)
    Musl.write(fd, bytes, count)
    #else
    Darwin.write(fd, bytes, count)
    #endif
}

import Zoetrope

/// Writes whole byte buffers to a file descriptor (through ``FileBytes/writeAll(_:to:)``), naming it
/// in every failure.
struct FileDescriptorWriter {
    let descriptor: Int32
    /// What the descriptor is, for messages ("standard output", a file name).
    let name: String

    static let standardOutput = FileDescriptorWriter(descriptor: 1, name: "standard output")
    static let standardError = FileDescriptorWriter(descriptor: 2, name: "standard error")

    /// Writes all of `bytes`.
    /// - Throws: ``SystemError`` with the system's reason when a write fails.
    func write(_ bytes: [UInt8]) throws(SystemError) {
        do {
            try FileBytes.writeAll(bytes, to: descriptor)
        } catch {
            throw SystemError("cannot write to \(name)", code: error.code)
        }
    }

    /// Writes all of `bytes` at `offset` of a file (`pwrite(2)`: the file position stays).
    /// - Throws: ``SystemError`` with the system's reason when a write fails.
    func write(_ bytes: [UInt8], at offset: Int) throws(SystemError) {
        do {
            try FileBytes.writeAll(bytes, to: descriptor, at: offset)
        } catch {
            throw SystemError("cannot write to \(name)", code: error.code)
        }
    }
}

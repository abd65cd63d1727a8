import Foundation

/// Binary writes to standard output.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}

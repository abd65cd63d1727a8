import Hummingbird
import NIOCore

/// A request body read as it streams in, refused (413) as soon as it passes the cap: a declared
/// `Content-Length` over the cap is refused before any byte is read.
enum UploadBody {
    static func read(_ body: RequestBody, headers: HTTPFields, cap: Int) async throws -> [UInt8] {
        let declared = headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > cap { throw APIError.tooLarge(limit: cap) }
        var bytes: [UInt8] = []
        if let declared { bytes.reserveCapacity(declared) }
        for try await buffer in body {
            guard buffer.readableBytes <= cap - bytes.count else { throw APIError.tooLarge(limit: cap) }
            bytes.append(contentsOf: buffer.readableBytesView)
        }
        return bytes
    }
}

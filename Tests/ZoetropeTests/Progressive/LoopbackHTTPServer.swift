import Dispatch
import Foundation

/// A one-request HTTP server on 127.0.0.1 for loading tests: it answers with `body`, sending the
/// first `firstPart` bytes at once and the rest only when ``sendRest()`` is called.
final class LoopbackHTTPServer: @unchecked Sendable {
    // @unchecked: the descriptors are set in init and used by one background thread.
    let port: UInt16
    private let listener: Int32
    private let rest = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(body: [UInt8], firstPart: Int, status: String = "200 OK") throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        listener = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let rest = rest, done = done
        Thread.detachNewThread {
            defer { done.signal() }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { return }
            defer { close(connection) }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &request, request.count)
            let header = "HTTP/1.1 \(status)\r\nContent-Type: image/gif\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            Self.send(Array(header.utf8) + body[..<firstPart], to: connection)
            // At most 20 s: a test that never calls sendRest() still ends.
            _ = rest.wait(timeout: .now() + .seconds(20))
            Self.send(Array(body[firstPart...]), to: connection)
        }
    }

    /// Lets the server send the rest of the body.
    func sendRest() { rest.signal() }

    deinit {
        rest.signal()
        close(listener)
        _ = done.wait(timeout: .now() + .seconds(5))
    }

    private static func send(_ bytes: [UInt8], to connection: Int32) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a TCP socket to 127.0.0.1, with a deadline on every wait (the
/// socket's send and receive timeouts): one request per connection (`Connection: close`).
struct LoopbackClient: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        /// Time from connecting to the end of the response.
        var elapsed: Duration

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    var timeout: Duration = .seconds(120)

    func get(_ path: String) throws -> Response {
        try send("GET", path, body: [])
    }

    func post(_ path: String, _ body: [UInt8]) throws -> Response {
        try send("POST", path, body: body)
    }

    func send(_ method: String, _ path: String, body: [UInt8]) throws -> Response {
        let start = ContinuousClock.now
        let socket = try connect()
        defer { close(socket) }
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: \(body.count)\r\n"
            + "Content-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
        try write(socket, Array(head.utf8))
        // A server may answer (413) before the whole body is sent and stop reading it: the body is
        // sent only while no answer has come.
        try writeUntilAnswered(socket, body, deadline: start + timeout)
        let raw = try readAll(socket)
        var response = try Self.parse(raw)
        response.elapsed = ContinuousClock.now - start
        return response
    }

    private func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed") }
        var time = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(errno)")
        }
        return socket
    }

    private func write(_ socket: Int32, _ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Sends `bytes` without blocking, and stops as soon as the server has something to say.
    private func writeUntilAnswered(_ socket: Int32, _ bytes: [UInt8], deadline: ContinuousClock.Instant) throws {
        var sent = 0
        while sent < bytes.count {
            guard ContinuousClock.now < deadline else { throw Failure(description: "could not send the body in time") }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN | POLLOUT), revents: 0)
            guard poll(&descriptor, 1, 1000) >= 0 else { throw Failure(description: "poll failed: errno \(errno)") }
            if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { return }
            guard descriptor.revents & Int16(POLLOUT) != 0 else { continue }
            let n = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, min($0.count, 64 << 10), Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n > 0 { sent += n } else if errno != EAGAIN && errno != EWOULDBLOCK { return }
        }
    }

    private func readAll(_ socket: Int32) throws -> [UInt8] {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if n == 0 { return data }
            guard n > 0 else {
                if !data.isEmpty && errno == ECONNRESET { return data }
                throw Failure(description: "no response within the deadline (errno \(errno))")
            }
            data += chunk[0..<n]
        }
    }

    /// Status line, headers (lower-cased names) and body (Content-Length or chunked).
    static func parse(_ raw: [UInt8]) throws -> Response {
        guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "incomplete response (\(raw.count) bytes)")
        }
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line: \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(raw[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = try dechunk(body) }
        return Response(status: status, headers: headers, body: body, elapsed: .zero)
    }

    private static func dechunk(_ data: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [], index = 0
        while let lineEnd = data[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { throw Failure(description: "bad chunk") }
            if size == 0 { return out }
            let start = lineEnd.upperBound
            guard start + size <= data.count else { throw Failure(description: "short chunk") }
            out += data[start..<start + size]
            index = start + size + 2
        }
        throw Failure(description: "unterminated chunked body")
    }
}

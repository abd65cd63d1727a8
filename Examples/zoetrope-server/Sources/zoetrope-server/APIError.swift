import Hummingbird
import NIOCore
import Zoetrope

/// A refusal, answered with its status and a JSON body `{"error": {"kind", "offset", "message", …}}`
/// (and, for a policy refusal, the upload's `"verdict"`).
struct APIError: HTTPResponseError {
    var status: HTTPResponse.Status
    /// The whole JSON body.
    var json: String
    /// Seconds for `Retry-After` (503).
    var retryAfter: Int?

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// `{"error": {"kind": kind, "offset": null, "message": message, extra…}}` and more members.
    init(_ status: HTTPResponse.Status, kind: String, _ message: String, extra: [(String, String)] = [],
         retryAfter: Int? = nil) {
        let members = [("kind", JSON.string(kind)), ("offset", "null"), ("message", JSON.string(message))] + extra
        self.status = status
        self.json = "{\"error\":" + JSON.object(members) + "}"
        self.retryAfter = retryAfter
    }

    /// A decoding error: 415 for data that is no supported image, 422 for damage.
    init(_ error: ZoetropeError) {
        switch error.kind {
        case .unrecognizedFormat, .unsupportedFormat: status = .unsupportedMediaType
        default: status = .unprocessableContent
        }
        json = error.json()
        retryAfter = nil
    }

    /// An upload the policy refuses: 413 when it is the file size, else 422; the verdict comes along.
    init(refusing verdict: UploadVerdict) {
        let first = verdict.violations[0]
        self.init(first.limit == .bytes ? .contentTooLarge : .unprocessableContent, kind: "policyViolation",
                  first.message, extra: [("limit", JSON.string(first.limit.rawValue))])
        json = String(json.dropLast()) + ",\"verdict\":" + verdict.json() + "}"
    }

    static func overloaded(retryAfter: Int) -> APIError {
        APIError(.serviceUnavailable, kind: "overloaded", "the service is at its limit of requests in flight; retry later",
                 retryAfter: retryAfter)
    }

    static func tooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, kind: "bodyTooLarge", "the request body is larger than the limit of \(limit) bytes")
    }

    static func badQuery(_ message: String) -> APIError {
        APIError(.badRequest, kind: "badQuery", message)
    }
}

/// Just enough JSON writing for the error bodies.
enum JSON {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Members whose values are JSON already.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}

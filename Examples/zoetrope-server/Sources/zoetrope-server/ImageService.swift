import Hummingbird
import Logging
import Metrics
import NIOCore
import Zoetrope

/// The service's work, one request at a time and nothing kept between requests: admission,
/// the streamed body with its cap, the verdict from the headers, then the transcode on the
/// transcode executor within the memory and time budgets.
struct ImageService: Sendable {
    let settings: ServerSettings
    let admission: Admission
    let executor: TranscodeExecutor
    let logger: Logger

    init(settings: ServerSettings, logger: Logger) {
        self.settings = settings
        self.admission = Admission(concurrency: settings.concurrency, queue: settings.queue,
                                   workMemory: settings.workMemory)
        self.executor = TranscodeExecutor(threads: settings.concurrency)
        self.logger = logger
    }

    /// `POST /v1/inspect`: the verdict, accepted or not (200).
    func inspect(_ request: Request) async throws -> Response {
        try await admitted {
            let bytes = try await UploadBody.read(request.body, headers: request.headers, cap: settings.maxBody)
            let verdict = try Self.verdict(of: bytes, policy: settings.policy)
            return Self.response(.ok, contentType: "application/json", ByteBuffer(string: verdict.json()))
        }
    }

    /// `POST /v1/poster`, `/v1/thumbnail`, `/v1/transcode`.
    func process(_ request: Request, _ kind: ImageOperation.Kind) async throws -> Response {
        let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }) { first, _ in first }
        let operation = try ImageOperation(kind, query: query, timeLimit: settings.timeLimit)
        return try await admitted {
            let bytes = try await UploadBody.read(request.body, headers: request.headers, cap: settings.maxBody)
            let verdict = try Self.verdict(of: bytes, policy: settings.policy)
            guard verdict.isAccepted else { throw APIError(refusing: verdict) }
            let output = try await run(operation, bytes: bytes, verdict: verdict)
            return Self.response(.ok, contentType: operation.contentType, ByteBuffer(bytes: output))
        }
    }

    /// Runs `body` counted in flight, or answers 503 when the service is full.
    private func admitted(_ body: () async throws -> Response) async throws -> Response {
        guard await admission.enter() else {
            Counter(label: "zoetrope_refused_total", dimensions: [("reason", "overloaded")]).increment()
            throw APIError.overloaded(retryAfter: 1)
        }
        do {
            let response = try await body()
            await admission.leave()
            return response
        } catch {
            await admission.leave()
            throw error
        }
    }

    /// The transcode, within its memory reservation and on the transcode executor.
    private func run(_ operation: ImageOperation, bytes: [UInt8], verdict: UploadVerdict) async throws -> [UInt8] {
        let outputSize = operation.options.fit.map { verdict.canvasSize.fits(in: $0) ? verdict.canvasSize : verdict.canvasSize.aspectFit(in: $0) }
            ?? verdict.canvasSize
        let frames = operation.kind == .poster ? 1 : verdict.frameCount
        let cost = WorkEstimate.bytes(for: verdict, output: outputSize, format: operation.options.format, frames: frames)
        guard cost <= admission.workMemory else {
            throw APIError(.unprocessableContent, kind: "tooCostly",
                           "the work needs about \(cost >> 20) MiB, more than this server's \(admission.workMemory >> 20) MiB")
        }
        let queued = ContinuousClock.now
        try await admission.start(cost: cost)
        let started = ContinuousClock.now
        defer { Task { await admission.finish(cost: cost) } }
        do {
            let output = try await withTaskExecutorPreference(executor) {
                try Self.work(operation, bytes: bytes)
            }
            let done = ContinuousClock.now
            Timer(label: "zoetrope_work_seconds", dimensions: [("operation", operation.kind.rawValue)])
                .recordNanoseconds(Int64((done - started) / .nanoseconds(1)))
            logger.info("\(operation.kind.rawValue) done", metadata: [
                "format": "\(verdict.format.rawValue)→\(operation.options.format.rawValue)",
                "frames": "\(verdict.frameCount)", "size": "\(verdict.canvasSize)→\(outputSize)",
                "bytes": "\(bytes.count)→\(output.count)", "queuedMs": "\(Self.ms(started - queued))",
                "workMs": "\(Self.ms(done - started))", "reservedMiB": "\(cost >> 20)",
            ])
            return output
        } catch let error as OverBudgetError {
            throw APIError(.unprocessableContent, kind: "overBudget", error.description)
        } catch let error as ZoetropeError {
            throw APIError(error)
        }
    }

    /// The decode and encode: synchronous, on a transcode thread.
    private static func work(_ operation: ImageOperation, bytes: [UInt8]) throws -> [UInt8] {
        let image = try AnimatedImage(bytes: bytes)
        switch operation.kind {
        case .poster: return try Transcoder.poster(of: image, frame: operation.posterFrame, options: operation.options)
        case .thumbnail, .transcode: return try Transcoder.transcode(image, options: operation.options)
        }
    }

    /// The verdict; 415 or 422 when the bytes are no image Zoetrope reads.
    static func verdict(of bytes: [UInt8], policy: UploadPolicy) throws -> UploadVerdict {
        do {
            return try policy.check(bytes)
        } catch {
            throw APIError(error)
        }
    }

    static func response(_ status: HTTPResponse.Status, contentType: String, _ body: ByteBuffer) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: ResponseBody(byteBuffer: body))
    }

    static func ms(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}

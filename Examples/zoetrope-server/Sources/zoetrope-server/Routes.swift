import Hummingbird
import Logging
import NIOCore
import Prometheus

extension Router where Context == BasicRequestContext {
    /// The service's routes, with request logs (timings) and metrics around them.
    static func zoetrope(service: ImageService, registry: PrometheusCollectorRegistry, logger: Logger) -> Router {
        let router = Router()
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.get("/health") { _, _ in
            ImageService.response(.ok, contentType: "application/json", ByteBuffer(string: #"{"status":"ok"}"#))
        }
        router.get("/metrics") { _, _ in
            ImageService.response(.ok, contentType: "text/plain; version=0.0.4", ByteBuffer(bytes: registry.emitToBuffer()))
        }
        router.post("/v1/inspect") { request, _ in try await service.inspect(request) }
        router.post("/v1/poster") { request, _ in try await service.process(request, .poster) }
        router.post("/v1/thumbnail") { request, _ in try await service.process(request, .thumbnail) }
        router.post("/v1/transcode") { request, _ in try await service.process(request, .transcode) }
        return router
    }
}

/// One log line per request: method, path, status and the time it took.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context: context, status: response.status.code, since: start)
            return response
        } catch {
            log(request, context: context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        context.logger.log(level: status >= 500 ? .warning : .info, "request", metadata: [
            "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(status)",
            "ms": "\(Double(microseconds) / 1000)",
        ])
    }
}

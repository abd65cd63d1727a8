import ArgumentParser
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import Zoetrope

/// `zoetrope-server --hostname 127.0.0.1 --port 8080`: the service's entry point.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoetrope-server",
        abstract: "An HTTP service that validates animated uploads, makes posters and thumbnails, and transcodes.",
        discussion: """
        Routes: POST /v1/inspect, /v1/poster, /v1/thumbnail, /v1/transcode (query: format=gif|png|webp, \
        width, height; poster: frame=first|middle|representative; thumbnail: fps), GET /health, \
        GET /metrics. Stateless: scale by running more replicas behind any load balancer.
        """
    )

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed on start).")
    var port = 8080

    @Option(help: "The largest request body, in bytes (k, M, Ki, Mi suffixes).")
    var maxBody = "16MiB"

    @Option(help: "How many transcodes run at once (default: the number of cores).")
    var concurrency: Int?

    @Option(help: "How many requests may wait beyond those running; more are answered 503 (default: 4 per transcode).")
    var queue: Int?

    @Option(help: "The memory the process may use, in bytes; work is admitted within it.")
    var memoryBudget = "1GiB"

    @Option(help: "Upload limits, as `zoetrope info --check` takes them (default: the library's default policy).")
    var limits = "default"

    @Option(help: "How long one transcode may take, in seconds.")
    var timeLimit: Double = 20

    @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func run() async throws {
        let settings = try ServerSettings(command: self)
        var logger = Logger(label: "zoetrope-server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        MemoryTuning.returnFreedImagesToTheSystem()
        let service = ImageService(settings: settings, logger: logger)
        let router = Router.zoetrope(service: service, registry: registry, logger: logger)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(hostname, port: port), serverName: "zoetrope-server"),
            onServerRunning: { channel in
                // Tests and scripts read the port from this line (useful with --port 0).
                print("zoetrope-server listening on \(channel.localAddress?.description ?? "?")")
                fflushStandardOutput()
            },
            logger: logger
        )
        logger.info("starting", metadata: settings.metadata)
        try await app.runService()
    }
}

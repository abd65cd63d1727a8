import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Zoetrope

extension ProgressiveImage {
    /// Starts loading the image at `url` and returns at once: frames become available as the
    /// bytes arrive (`frameCount` grows, an `Animator` plays them), and the
    /// image is finished when the transfer ends — with the frames that arrived when it fails.
    ///
    /// File URLs are read in chunks on a background queue; `http` and `https` URLs stream through
    /// `URLSession` (where it exists). Other schemes finish at once with no frame.
    /// - Parameters:
    ///   - url: a `file`, `http` or `https` URL.
    ///   - options: how frames are decoded.
    ///   - session: the configuration of the session for http(s) transfers.
    public static func load(from url: URL, options: DecodingOptions = .default,
                            session: URLSessionConfiguration = .default) -> ProgressiveImage {
        let image = ProgressiveImage(options: options)
        if url.isFileURL {
            FileLoader.start(url.path, into: image)
        } else if url.scheme == "http" || url.scheme == "https" {
            DownloadFeeder.start(url, configuration: session, into: image)
        } else {
            image.finish()
        }
        return image
    }
}

/// Reads a file in chunks on a background queue into a progressive image.
private enum FileLoader {
    static let chunkSize = 1 << 16

    static func start(_ path: String, into image: ProgressiveImage) {
        DispatchQueue.global(qos: .userInitiated).async {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                return image.finish(failing: ZoetropeError(.io, "cannot open \(path)"))
            }
            defer { try? handle.close() }
            do {
                while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                    image.append([UInt8](chunk))
                }
                image.finish()
            } catch {
                image.finish(failing: ZoetropeError(.io, "cannot read \(path): \(error.localizedDescription)"))
            }
        }
    }
}

/// Feeds the bytes of one `URLSession` data task to a progressive image as they arrive; a
/// response other than 2xx stops the transfer, and its status becomes the image's error.
private final class DownloadFeeder: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `image` is Sendable and immutable; the session's delegate queue is serial.
    private let image: ProgressiveImage

    private init(image: ProgressiveImage) {
        self.image = image
    }

    static func start(_ url: URL, configuration: URLSessionConfiguration, into image: ProgressiveImage) {
        let feeder = DownloadFeeder(image: image)
        // The session keeps its delegate until it is invalidated, after the task completes.
        let session = URLSession(configuration: configuration, delegate: feeder, delegateQueue: nil)
        session.dataTask(with: url).resume()
        session.finishTasksAndInvalidate()
    }

    /// Why the transfer is being stopped, when this feeder stopped it.
    private var refusal: ZoetropeError?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            refusal = ZoetropeError(.io, "\(response.url?.absoluteString ?? "the server") answered HTTP \(http.statusCode)")
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        image.append([UInt8](data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let failure = refusal ?? error.map({ ZoetropeError(.io, "download failed: \($0.localizedDescription)") }) {
            image.finish(failing: failure)
        } else {
            image.finish()
        }
    }
}

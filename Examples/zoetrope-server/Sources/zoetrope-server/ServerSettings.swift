import ArgumentParser
import Logging
import NIOCore
import Zoetrope

/// What the command line configures, checked and derived once at start.
struct ServerSettings: Sendable {
    /// The largest request body.
    var maxBody: Int
    /// Transcodes running at once.
    var concurrency: Int
    /// Requests allowed to wait beyond the running ones (503 past that).
    var queue: Int
    /// The memory the whole process may use.
    var memoryBudget: Int
    /// The part of the budget that running work shares: the budget less the process's own base
    /// and a body for every request that may be in flight.
    var workMemory: Int
    /// What uploads must meet (checked from their headers).
    var policy: UploadPolicy
    /// How long one transcode may take.
    var timeLimit: Duration

    /// The memory the process takes with nothing to do: the Swift runtime, NIO's threads and
    /// buffers, the executables' pages (about 30 MB measured; rounded up).
    static let baseMemory = 64 << 20

    init(command: ServerCommand) throws {
        maxBody = try Self.bytes(command.maxBody, option: "--max-body")
        concurrency = command.concurrency ?? System.coreCount
        queue = command.queue ?? 4 * concurrency
        memoryBudget = try Self.bytes(command.memoryBudget, option: "--memory-budget")
        policy = try Self.policy(command.limits)
        guard concurrency > 0, queue >= 0, maxBody > 0 else {
            throw ValidationError("--concurrency and --max-body must be more than 0, --queue at least 0")
        }
        guard command.timeLimit > 0, command.timeLimit < 86_400 else {
            throw ValidationError("--time-limit must be between 0 and 86400 seconds")
        }
        timeLimit = .milliseconds(Int64(command.timeLimit * 1000))
        // The policy's file limit is the body cap too.
        policy.maxFileBytes = min(policy.maxFileBytes ?? maxBody, maxBody)
        workMemory = memoryBudget - Self.baseMemory - (concurrency + queue) * maxBody
        guard workMemory >= 16 << 20 else {
            throw ValidationError("--memory-budget \(command.memoryBudget) leaves no room for work: it must exceed "
                                  + "64 MiB + (concurrency + queue) × max-body by at least 16 MiB")
        }
    }

    /// A byte count in the upload policy's spelling (`16MiB`).
    static func bytes(_ text: String, option: String) throws -> Int {
        guard let bytes = try? UploadPolicy(parsing: "unlimited,bytes=\(text)").maxFileBytes else {
            throw ValidationError("\(option): cannot read '\(text)' as a byte count (such as 16MiB)")
        }
        return bytes
    }

    static func policy(_ text: String) throws -> UploadPolicy {
        do {
            return try UploadPolicy(parsing: text)
        } catch {
            throw ValidationError("--limits: \(error.message)")
        }
    }

    var metadata: Logger.Metadata {
        ["concurrency": "\(concurrency)", "queue": "\(queue)", "maxBody": "\(maxBody)",
         "memoryBudget": "\(memoryBudget)", "workMemory": "\(workMemory)", "limits": "\(policy)",
         "timeLimitMs": "\(timeLimit.components.seconds * 1000 + timeLimit.components.attoseconds / 1_000_000_000_000_000)"]
    }
}

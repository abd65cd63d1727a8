import Zoetrope

/// Why a command failed, printed as one line of the same shape by every subcommand:
/// `zoetrope SUBCOMMAND: FILE: what is wrong (at byte N)`.
struct CommandFailure: Error, CustomStringConvertible {
    /// The file concerned, already escaped for display, if any.
    var file: String?
    var message: String
    /// The error this failure reports, when it comes from one (a decoding error keeps its kind
    /// and offset for JSON reports).
    var underlying: (any Error)?

    init(file: String?, _ message: String) {
        self.file = file
        self.message = message
    }

    /// Describes `error` (a decoding error, a system call's failure, …) concerning `file`. A
    /// system call's failure names its own subject (`cannot write to standard output: …`), which
    /// need not be `file`, so it is reported without `file`, the same way in every subcommand.
    init(file: String?, _ error: any Error) {
        if let failure = error as? CommandFailure {
            self = failure
            return
        }
        self.file = error is SystemError ? nil : file
        message = Self.describe(error)
        underlying = error
    }

    var description: String { [file, message].compactMap { $0 }.concatenated(separator: ": ") }

    /// The line printed for this failure in `subcommand`.
    func line(subcommand: String) -> String {
        EscapedText.line("zoetrope \(subcommand): \(description)")
    }

    /// A library error as `GIF: what is wrong (at byte N)`; anything else by its description.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? ZoetropeError else { return "\(error)" }
        var text = error.format.map { "\($0): " } ?? ""
        text += error.message
        if let offset = error.offset { text += " (at byte \(offset))" }
        return text
    }
}

/// Runs a subcommand's work, turning any failure into its one-line message on standard error and
/// exit status 1 (an ``ExitCode`` passes through).
func reportingFailures(_ subcommand: String, file: String? = nil, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        StandardError.print(CommandFailure(file: file, error).line(subcommand: subcommand))
        throw ExitCode.failure
    }
}

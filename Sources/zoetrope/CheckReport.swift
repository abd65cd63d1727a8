import Zoetrope

/// `zoetrope info --check LIMITS`: each file's upload verdict (``UploadVerdict``), found from its
/// headers alone, as a line of text or the library's JSON.
enum CheckReport {
    /// Checks every source against `policy` and prints the verdicts; returns how many files were
    /// refused or could not be read.
    static func run(_ sources: [ImageSource], policy: UploadPolicy, json: Bool, pretty: Bool) throws -> Int {
        var failures = 0
        var documents: [String] = []
        for source in sources {
            do {
                let verdict = try policy.check(try source.bytes())
                if !verdict.isAccepted { failures += 1 }
                if json { documents.append(verdict.json(file: source.name, pretty: pretty)) } else { try StandardOutput.print(text(verdict, name: source.name)) }
            } catch {
                failures += 1
                StandardError.print(CommandFailure(file: source.name, error).line(subcommand: "info"))
                if json { documents.append(InfoReport.json(file: source.name, error: error).rendered(pretty: pretty)) }
            }
        }
        if json {
            let joined = documents.count == 1 ? documents[0]
                : "[" + documents.concatenated(separator: pretty ? ",\n" : ",") + "]"
            try StandardOutput.print(joined)
        }
        return failures
    }

    /// `cat.gif: accepted: GIF 320×240, 24 frames, 2.4 s, 1843200 pixels over frames`, or the
    /// limits broken.
    static func text(_ verdict: UploadVerdict, name: String) -> String {
        let facts = "\(verdict.format) \(verdict.canvasSize), \(verdict.frameCount) frame\(verdict.frameCount == 1 ? "" : "s"), "
            + "\(InfoReport.format(verdict.totalDuration)), \(verdict.totalPixels) pixels over frames, \(verdict.fileBytes) bytes"
        var lines = [EscapedText.line("\(name): \(verdict.isAccepted ? "accepted" : "refused"): \(facts)")]
        for violation in verdict.violations {
            lines.append(EscapedText.line("  \(violation.limit.rawValue): \(violation.message)"))
        }
        return lines.concatenated(separator: "\n")
    }
}

extension ImageSource {
    /// The source's bytes, unparsed.
    func bytes() throws -> ImageBytes {
        do {
            switch self {
            case .file(let path): return try InputFile(path).bytes
            case .builtInSample: return ImageBytes(SampleAnimation.gif())
            }
        } catch {
            throw CommandFailure(file: name, error)
        }
    }
}

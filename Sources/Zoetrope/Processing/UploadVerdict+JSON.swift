extension UploadVerdict {
    /// The verdict as JSON, keys in this order: `schemaVersion` (1), `accepted`, `format`,
    /// `bytes`, `width`, `height`, `frameCount`, `animated`, `totalDurationMs`, `totalPixels`,
    /// `damage` (objects with `kind`, `offset` or null, `message`) and `violations` (objects with
    /// `limit`, the policy key broken, `allowed`, `found` and `message`). What the example server's
    /// `POST /v1/inspect` answers and `zoetrope info --check --json` prints.
    /// - Parameter pretty: indent by two spaces instead of one line.
    public func json(pretty: Bool = false) -> String {
        jsonValue(file: nil).rendered(pretty: pretty)
    }

    /// ``json(pretty:)`` with a `file` key after `schemaVersion`: `zoetrope info --check --json`.
    package func json(file: String, pretty: Bool) -> String {
        jsonValue(file: file).rendered(pretty: pretty)
    }

    func jsonValue(file: String?) -> JSONText {
        .object([("schemaVersion", .int(1))] + (file.map { [("file", JSONText.string($0))] } ?? []) + [
            ("accepted", .bool(isAccepted)),
            ("format", .string(format.rawValue)),
            ("bytes", .int(fileBytes)),
            ("width", .int(canvasSize.width)),
            ("height", .int(canvasSize.height)),
            ("frameCount", .int(frameCount)),
            ("animated", .bool(isAnimated)),
            ("totalDurationMs", .milliseconds(totalDuration)),
            ("totalPixels", .int(totalPixels)),
            ("damage", .array(damage.map(\.jsonValue))),
            ("violations", .array(violations.map(\.jsonValue))),
        ])
    }
}

extension PolicyViolation {
    var jsonValue: JSONText {
        .object([
            ("limit", .string(limit.rawValue)),
            ("allowed", .int(allowed)),
            ("found", .int(found)),
            ("message", .string(message)),
        ])
    }
}

extension ZoetropeError {
    /// `{"kind", "offset", "message"}`, as in `zoetrope info --json` warnings.
    package var jsonValue: JSONText {
        .object([
            ("kind", .string(kind.rawValue)),
            ("offset", offset.map(JSONText.int) ?? .null),
            ("message", .string(message)),
        ])
    }

    /// `{"error": {"kind", "offset", "message"}}`: how a service answers a request this error
    /// refused (the example server's 4xx bodies).
    public func json(pretty: Bool = false) -> String {
        JSONText.object([("error", jsonValue)]).rendered(pretty: pretty)
    }
}

import Zoetrope

/// How `convert` opens what it reads: one image, several joined, a list file, raw or YUV4MPEG2
/// frames.
extension ConvertCommand {
    /// The frames to convert and the inputs no output may replace.
    func openInput(timing: FrameTiming) throws -> (input: any FrameInput, protected: ProtectedInputs) {
        let options = DecodingOptions(timing: timing)
        var sources: [(source: ImageSource, duration: Duration?)]
        if let list = inputOptions.list {
            sources = try InputNames.list(PathArgument(list)).map { (.file($0.path), $0.duration) }
        } else {
            sources = try paths.dropLast().flatMap(InputNames.expand).map { (.file($0), nil) }
        }
        let protected = ProtectedInputs(sources.map(\.source) + (inputOptions.list.map { [.file(PathArgument($0))] } ?? []))
        if let raw = try rawInput(sources) { return (raw, protected) }
        if sources.count == 1 && inputOptions.list == nil {
            return (try sources[0].source.open(options: options).image, protected)
        }
        let still = edits.fps.map { Duration.seconds(1) / $0 }
        return (try JoinedImages(sources, options: options, stillDuration: still), protected)
    }

    /// Raw RGBA or YUV4MPEG2 frames, when `--input-format` says so or the one input is a
    /// YUV4MPEG2 file.
    private func rawInput(_ sources: [(source: ImageSource, duration: Duration?)]) throws -> (any FrameInput)? {
        guard sources.count == 1, let path = sources[0].source.path else { return nil }
        var format = inputOptions.inputFormat
        if format == nil, !path.isStandardStream, inputOptions.list == nil,
           let head = try? FrameFile(path).bytes(at: 0, upTo: 10), head == Array("YUV4MPEG2 ".utf8) {
            format = .y4m
        }
        do {
            switch format {
            case .rgba?:
                guard let size = inputOptions.size?.size, let fps = edits.fps else { return nil }
                return try RawFrames(rgba: FrameFile(path), size: size, rate: fps)
            case .y4m?:
                return try RawFrames(y4m: FrameFile(path), matrix: inputOptions.colorMatrix ?? .bt601, rate: edits.fps)
            case .image?, nil:
                return nil
            }
        } catch {
            throw CommandFailure(file: path.display, error)
        }
    }

    /// `--crop content`: the bounds of every pixel not fully transparent in the frames kept
    /// (`--frames`, `--trim`), found by a pass that holds one frame.
    func contentBounds(of input: any FrameInput) throws -> PixelRect {
        var timelineOnly = edits.edit
        (timelineOnly.crop, timelineOnly.rotation, timelineOnly.flip, timelineOnly.mask) = (nil, .none, nil, nil)
        let kept = try SelectedFrames(input, selection: selection.frames, edit: timelineOnly, width: nil, height: nil)
        if let bounds = try kept.contentBounds() { return bounds }
        StandardError.print(CommandFailure(file: nil, "warning: --crop content: every pixel of every frame is transparent; "
                                           + "the canvas is kept").line(subcommand: "convert"))
        return PixelRect(x: 0, y: 0, width: input.canvasSize.width, height: input.canvasSize.height)
    }
}

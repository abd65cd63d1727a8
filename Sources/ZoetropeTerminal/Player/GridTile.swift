import Zoetrope

/// One animation of a ``TerminalGridPlayer``: the view of one ``SurfaceAttachment``, drawing its
/// frames in its tile.
final class GridTile: AnimatableView {
    /// The attachment shown: its animator plays on the grid's shared clock and cache.
    let attachment: SurfaceAttachment
    /// Whether the tile lies inside the window.
    let isVisible: Bool
    private let presenter: LockedState<FramePresenter>
    private let output: @Sendable ([UInt8]) -> Void

    /// Creates the tile and attaches it to `attachment`.
    init(attachment: SurfaceAttachment, presenter: FramePresenter, isVisible: Bool,
         output: @escaping @Sendable ([UInt8]) -> Void) {
        self.attachment = attachment
        self.isVisible = isVisible
        self.presenter = LockedState(presenter)
        self.output = output
        attachment.attach(self)
    }

    var animator: Animator { attachment.animator }

    func display(_ frame: DisplayFrame) {
        let bytes = presenter.withLock { $0.present(frame.image, contentsRect: frame.contentsRect) }
        if !bytes.isEmpty { output(bytes) }
    }
}

import Zoetrope

/// Where the player puts the image and its status line, and the size frames are scaled to.
package struct PlayerLayout: Sendable, Hashable {
    /// The size frames are scaled to, in pixels of the renderer.
    package var imageSize: PixelSize
    /// The cells the image covers.
    package var imageCells: CellSize
    /// The image's top-left cell.
    package var origin: CellPosition
    /// The row of the status line, just below the image.
    package var statusRow: Int

    /// The largest image, in pixels, sent through a graphics protocol: frames are sent
    /// uncompressed, so a window-sized frame on a large screen would be megabytes per frame.
    package static let maximumGraphicsPixels = 480_000

    /// Lays out an image of `canvas` pixels in a window of `window` cells.
    ///
    /// The image gets the window less one row (kept for the status line, and so that nothing ever
    /// scrolls), or the `columns` × `rows` cells asked for, within the window. It keeps its aspect
    /// ratio and is shrunk to fit but not enlarged, unless a size was asked for.
    package init(canvas: PixelSize, window: CellSize, columns: Int? = nil, rows: Int? = nil,
                renderer: any TerminalRenderer) {
        let availableColumns = max(1, min(columns ?? window.columns, window.columns))
        let availableRows = max(1, min(rows ?? window.rows - 1, window.rows - 1))
        var box = renderer.pixelSize(for: CellSize(columns: availableColumns, rows: availableRows))
        if !(renderer is HalfBlockRenderer), box.area > Self.maximumGraphicsPixels {
            box = Self.shrink(box, toArea: Self.maximumGraphicsPixels)
        }
        let enlarge = columns != nil || rows != nil
        let size: PixelSize
        if canvas.width <= 0 || canvas.height <= 0 {
            size = PixelSize(width: 1, height: 1)
        } else if canvas.fits(in: box) && !enlarge {
            size = canvas
        } else {
            size = canvas.aspectFit(in: box)
        }
        imageSize = size
        imageCells = renderer.cellSize(for: size)
        origin = .topLeft
        statusRow = min(max(1, window.rows), origin.row + imageCells.rows)
    }

    /// The size of what `image` shows: its first contents rectangle (sprite sheets) or its canvas.
    package static func contentSize(of image: any AnimatableImage) -> PixelSize {
        guard image.frameCount > 0, let rect = image.contentsRect(at: 0) else { return image.canvasSize }
        return PixelSize(width: rect.width, height: rect.height)
    }

    /// `size` scaled down (aspect kept) until its area is at most `area`.
    static func shrink(_ size: PixelSize, toArea area: Int) -> PixelSize {
        guard size.area > area, size.area > 0 else { return size }
        let factor = (Double(area) / Double(size.area)).squareRoot()
        return PixelSize(width: max(1, Int(Double(size.width) * factor)),
                         height: max(1, Int(Double(size.height) * factor)))
    }
}

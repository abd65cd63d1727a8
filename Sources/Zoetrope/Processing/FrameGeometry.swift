/// Turns by a quarter of a circle, clockwise (as `gifsicle --rotate-90` and ImageMagick
/// `-rotate 90`).
public enum Rotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270
}

/// A mirror image: `horizontal` swaps left and right (ImageMagick `-flop`, gifsicle
/// `--flip-horizontal`), `vertical` swaps top and bottom (ImageMagick `-flip`).
public enum Flip: String, Sendable, Hashable, CaseIterable {
    case horizontal
    case vertical
}

/// The pixel part of an ``AnimationEdit``: a crop, then a rotation, then a flip of the rotated
/// picture, then a mask. Every output pixel is one source pixel (nothing is resampled), alpha
/// included; the mask only lowers alpha at the shape's edge.
package struct FrameGeometry: Hashable {
    package var crop: PixelRect?
    package var rotation: Rotation
    package var flip: Flip?
    package var mask: FrameMask?

    package init(crop: PixelRect?, rotation: Rotation, flip: Flip?, mask: FrameMask? = nil) {
        self.crop = crop
        self.rotation = rotation
        self.flip = flip
        self.mask = mask
    }

    package var isIdentity: Bool { crop == nil && rotation == .none && flip == nil && mask == nil }

    /// The output size for a frame of `canvas` (the crop must lie inside it).
    package func outputSize(for canvas: PixelSize) -> PixelSize {
        let cropped = crop.map { PixelSize(width: $0.width, height: $0.height) } ?? canvas
        switch rotation {
        case .none, .clockwise180: return cropped
        case .clockwise90, .clockwise270: return PixelSize(width: cropped.height, height: cropped.width)
        }
    }

    /// Where output pixel (X, Y) comes from, as `x = x0 + dxX·X + dxY·Y`, `y = y0 + dyX·X + dyY·Y`
    /// in the source frame.
    private struct Mapping {
        var x0 = 0, dxX = 1, dxY = 0
        var y0 = 0, dyX = 0, dyY = 1
    }

    private func mapping(for canvas: PixelSize) -> Mapping {
        let area = crop ?? PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let (w, h) = (area.width, area.height)
        var map: Mapping
        switch rotation {
        case .none: map = Mapping()
        // Source (x, y) lands at (h−1−y, x): output (X, Y) reads source (Y, h−1−X).
        case .clockwise90: map = Mapping(x0: 0, dxX: 0, dxY: 1, y0: h - 1, dyX: -1, dyY: 0)
        case .clockwise180: map = Mapping(x0: w - 1, dxX: -1, dxY: 0, y0: h - 1, dyX: 0, dyY: -1)
        // Source (x, y) lands at (y, w−1−x): output (X, Y) reads source (w−1−Y, X).
        case .clockwise270: map = Mapping(x0: w - 1, dxX: 0, dxY: -1, y0: 0, dyX: 1, dyY: 0)
        }
        let out = outputSize(for: canvas)
        switch flip {
        case .horizontal?: // X → out.width−1−X
            map.x0 += map.dxX * (out.width - 1); map.dxX = -map.dxX
            map.y0 += map.dyX * (out.width - 1); map.dyX = -map.dyX
        case .vertical?: // Y → out.height−1−Y
            map.x0 += map.dxY * (out.height - 1); map.dxY = -map.dxY
            map.y0 += map.dyY * (out.height - 1); map.dyY = -map.dyY
        case nil: break
        }
        map.x0 += area.x
        map.y0 += area.y
        return map
    }

    /// `frame` cropped, rotated, flipped and masked.
    package func apply(to frame: RGBAImage) -> RGBAImage {
        let moved = move(frame)
        return mask.map { $0.apply(to: moved) } ?? moved
    }

    /// `frame` cropped, rotated and flipped.
    private func move(_ frame: RGBAImage) -> RGBAImage {
        guard crop != nil || rotation != .none || flip != nil else { return frame }
        if rotation == .none, flip == nil, let crop { return frame.cropped(to: crop) }
        let map = mapping(for: frame.size)
        let out = outputSize(for: frame.size)
        var result = RGBAImage(width: out.width, height: out.height)
        let sourceWidth = frame.width
        unsafe frame.pixels.withUnsafeBytes { source in
            unsafe result.withUnsafeMutablePixels { target in
                let target = UnsafeMutableRawBufferPointer(target)
                var offset = 0
                for y in 0..<out.height {
                    var sx = map.x0 + map.dxY * y, sy = map.y0 + map.dyY * y
                    for _ in 0..<out.width {
                        let pixel = unsafe source.loadUnaligned(fromByteOffset: (sy * sourceWidth + sx) * 4, as: UInt32.self)
                        unsafe target.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self)
                        offset += 4
                        sx += map.dxX
                        sy += map.dyX
                    }
                }
            }
        }
        return result
    }
}

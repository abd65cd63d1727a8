#if canImport(CoreGraphics)
import CoreGraphics
import Zoetrope

extension PremultipliedBitmap {
    /// A `CGImage` that reads this bitmap's pixels where they are (no copy); the image keeps the
    /// bitmap alive. sRGB, 8 bits per channel, alpha premultiplied.
    public func makeCGImage() -> CGImage? {
        let alpha = isOpaque ? (order == .bgra ? CGImageAlphaInfo.noneSkipFirst : .noneSkipLast)
                             : (order == .bgra ? CGImageAlphaInfo.premultipliedFirst : .premultipliedLast)
        let byteOrder = order == .bgra ? CGBitmapInfo.byteOrder32Little : CGBitmapInfo.byteOrder32Big
        let info = unsafe Unmanaged.passRetained(self).toOpaque()
        guard let provider = unsafe CGDataProvider(dataInfo: info, data: baseAddress, size: byteCount, releaseData: { info, _, _ in
            if let info = unsafe info { unsafe Unmanaged<PremultipliedBitmap>.fromOpaque(UnsafeRawPointer(info)).release() }
        }) else {
            unsafe Unmanaged<PremultipliedBitmap>.fromOpaque(UnsafeRawPointer(info)).release()
            return nil
        }
        guard let space = unsafe CGColorSpace(name: CGColorSpace.sRGB) else { return nil }
        return unsafe CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                       space: space, bitmapInfo: CGBitmapInfo(rawValue: byteOrder.rawValue | alpha.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}

extension RGBAImage {
    /// This image as a `CGImage` (premultiplied BGRA, the layout the system draws fastest).
    public func makeCGImage() -> CGImage? {
        PremultipliedBitmap(self).makeCGImage()
    }
}

extension DisplayFrame {
    /// The part of the frame to show (all of it, or its sprite-sheet rectangle) as a `CGImage`.
    public func makeCGImage() -> CGImage? {
        PremultipliedBitmap(self).makeCGImage()
    }
}
#endif

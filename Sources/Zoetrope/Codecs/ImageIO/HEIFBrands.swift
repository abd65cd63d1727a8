/// The brands of an ISO base media file's `ftyp` box (HEIF, AVIF): how the platform codec knows an
/// AVIF or HEIC file from its first bytes, without asking ImageIO.
enum HEIFBrands {
    /// How many leading bytes are read: the box header, the major brand, the minor version and up
    /// to twelve compatible brands.
    static let signatureLength = 64

    /// The four-character brands `head` declares (major brand first), or none when it does not
    /// start with an `ftyp` box.
    static func brands(in head: ArraySlice<UInt8>) -> [String] {
        let bytes = Array(head)
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return [] }
        let declared = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let end = min(bytes.count, max(declared, 12))
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var offset = 16 // after the minor version
        while offset + 4 <= end {
            brands.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        return brands
    }

    /// AVIF stills (`avif`) and sequences (`avis`).
    static let avif: Set<String> = ["avif", "avis"]
    /// HEIC stills and sequences, and the generic HEIF brands (an AVIF file names `avif` too and is
    /// recognised as AVIF first).
    static let heic: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]

    /// Whether `head` declares one of `wanted` (and, for HEIC, no AVIF brand).
    static func recognizes(_ head: ArraySlice<UInt8>, _ wanted: Set<String>) -> Bool {
        let declared = brands(in: head)
        if wanted != avif, declared.contains(where: avif.contains) { return false }
        return declared.contains(where: wanted.contains)
    }
}

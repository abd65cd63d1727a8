import Zoetrope

/// `inflate FILE.zlib MIN_MS` and `deflate FILE LEVEL MIN_MS`: the children that time Zoetrope's
/// zlib streams against zlib's (the reference's modes of the same names).
enum ZlibModes {
    static func inflate(_ arguments: [String]) -> Int32 {
        printJSONLine(["tool": "zoetrope", "error": "Zoetrope has no inflate yet"])
        return 1
    }

    static func deflate(_ arguments: [String]) -> Int32 {
        printJSONLine(["tool": "zoetrope", "error": "Zoetrope has no deflate yet"])
        return 1
    }
}

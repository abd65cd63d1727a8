#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, unmapped when the last reference goes: the owner of the
/// pages an ``ImageBytes`` reads. Opening an image this way reads only the pages parsing and
/// decoding touch (the lazy open of a long animation touches those up to its first frame), and the
/// kernel can drop clean pages under memory pressure and read them again, which it cannot do with
/// a copy in the heap.
///
/// The mapping is private (`MAP_PRIVATE`): nothing written to it reaches the file. A file shrunk
/// by another process while it is mapped would make reading the pages past its new end fault
/// (`SIGBUS`), so ``map(_:)`` maps only regular files of at least ``minimumSize`` bytes and checks
/// the size again after mapping. The remaining risk — a file truncated by another process while
/// an image made from it is alive — is the one every mapped reader takes (SQLite in mmap mode,
/// ripgrep, `Data(contentsOf:options: .alwaysMapped)`); a caller that cannot rule it out reads the
/// file into an array and opens that (``AnimatedImage/init(bytes:options:)``).
@safe final class MappedFile: @unchecked Sendable {
    // Safety of @unchecked Sendable: the fields never change after init, and the mapped pages are
    // read-only (PROT_READ) for the object's life.

    /// The mapped bytes.
    let buffer: UnsafeBufferPointer<UInt8>
    var count: Int { unsafe buffer.count }

    /// Files smaller than this are read instead: mapping costs system calls and page faults that
    /// reading a small file into an array does not, and a small file gains nothing from it.
    static let minimumSize = 1 << 16

    private init(buffer: UnsafeBufferPointer<UInt8>) {
        unsafe self.buffer = buffer
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if let base = unsafe buffer.baseAddress { unsafe munmap(UnsafeMutableRawPointer(mutating: base), buffer.count) }
        #endif
    }

    /// Gives the pages read so far back to the kernel: they stop counting in the process's resident
    /// memory, and the next read of them faults them in again, from the page cache while the
    /// system keeps the file there. The mapping is read-only, so nothing is lost. Opening a long GIF
    /// touches every page (its frame table is found by walking every data block), and playing one
    /// touches each frame's pages once per play: dropping them keeps a 75 MB file from holding
    /// 75 MB of the process's resident memory (``AnimatedImage`` does it after opening, and every
    /// few frames it decodes; a frame cache, once it keeps every frame of the image decoded).
    func releaseResidentPages() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if let base = unsafe buffer.baseAddress {
            _ = unsafe madvise(UnsafeMutableRawPointer(mutating: base), buffer.count, MADV_DONTNEED)
        }
        #endif
    }

    /// Maps the regular file open on `descriptor`, or returns `nil` when it should be read instead:
    /// not a regular file (a pipe, a terminal, `/proc` files that report size 0), smaller than
    /// ``minimumSize``, a platform without `mmap`, or a mapping that failed or whose file changed
    /// size meanwhile. The descriptor stays open; the mapping does not need it.
    static func map(_ descriptor: Int32) -> MappedFile? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let size = regularFileSize(descriptor), size >= minimumSize else { return nil }
        guard let base = unsafe mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), unsafe base != MAP_FAILED else { return nil }
        let file = unsafe MappedFile(buffer: UnsafeBufferPointer(start: base.bindMemory(to: UInt8.self, capacity: size), count: size))
        // A file that shrank between the size check and the mapping would fault on its last pages.
        guard regularFileSize(descriptor) == size else { return nil }
        return file
        #else
        return nil
        #endif
    }

    /// The size of the regular file open on `descriptor`, or `nil` for anything else.
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard unsafe fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
              info.st_size <= off_t(Int.max) else { return nil }
        return Int(info.st_size)
    }
}

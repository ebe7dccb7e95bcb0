#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Module-level names for the C calls whose names the file classes use for
// their own methods (`read`, `write`, `close`), where the bare name would
// resolve to the method.

@discardableResult
func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

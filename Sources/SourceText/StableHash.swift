import Foundation

/// A 128-bit FNV-1a hash, stable across runs and machines (Swift's `Hasher` is seeded per process).
package enum StableHash {
    package static func hex(of text: String) -> String { hex(of: Data(text.utf8)) }

    package static func hex(of data: Data) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in data {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte ^ 0x5a)) &* 0x0000_0100_0000_01b3
        }
        return String(format: "%016llx%016llx", a, b)
    }
}

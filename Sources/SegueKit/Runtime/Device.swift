import Foundation

/// The device a program runs on, from `SEGUEKIT_DEVICE` (`iphone` or `ipad`; `seguelab run
/// --device` sets it). An iPhone is compact in width: split view controllers collapse and
/// popovers and form sheets adapt. Without the variable the program runs as on an iPad, in
/// regular width.
enum Device: String, Sendable {
    case iphone, ipad

    static let variable = "SEGUEKIT_DEVICE"

    static let current: Device =
        ProcessInfo.processInfo.environment[variable].flatMap { Device(rawValue: $0.lowercased()) } ?? .ipad

    /// Compact width: an iPhone in portrait.
    var isCompact: Bool { self == .iphone }
}

/// The kind of device, as `UIDevice.current.userInterfaceIdiom` answers.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay, mac, vision
}

/// The device the program runs on, reduced to its idiom and names.
@preconcurrency @MainActor
open class UIDevice {
    public static let current = UIDevice()

    open var userInterfaceIdiom: UIUserInterfaceIdiom { Device.current == .iphone ? .phone : .pad }
    open var model: String { Device.current == .iphone ? "iPhone" : "iPad" }
    open var systemName: String { "iOS" }
}

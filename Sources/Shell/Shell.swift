// Placeholder until the shell lands.
public enum ColorChoice: Sendable { case auto, never, always }
public struct ShellOptions: Sendable {
    public var color: ColorChoice
    public init(color: ColorChoice) { self.color = color }
}
public enum ShellSession {
    public static func start(options: ShellOptions) async -> Int32 { 0 }
}

/// A program that writes on stdout and stderr in a given order and waits, after each write,
/// until it has been read (the pipe is empty again): the order it wrote in is then the only
/// order its output can be read in, however loaded the machine.
package enum OrderedWrites {
    /// `writes`: each text with its file descriptor (1 or 2), in order.
    package static func program(_ writes: [(text: String, fd: Int32)]) -> String {
        let calls = writes.map { "written(\"\($0.text.replacingOccurrences(of: "\n", with: "\\n"))\", to: \($0.fd))" }
        return """
            import Foundation
            func written(_ text: String, to fd: Int32) {
                _ = text.withCString { write(fd, $0, strlen($0)) }
                var unread: Int32 = 0
                repeat { usleep(1000); _ = ioctl(fd, UInt(FIONREAD), &unread) } while unread > 0
            }

            """ + calls.joined(separator: "\n") + "\n"
    }
}

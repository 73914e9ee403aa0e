import CLibEdit
import CShellSignals

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line editing on a terminal through libedit: history kept across sessions, Tab completion,
/// the user's `~/.editrc` (so `bind -v` gives vi mode), UTF-8, Ctrl-C that clears the line.
package final class LibEditLineSource: LineSource, PagerKeySource {
    package var isInteractive: Bool { true }

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: HistoryFile?
    fileprivate let complete: (String) -> Completion

    /// - Parameters:
    ///   - historyFile: where history is loaded from and saved to; nil keeps none.
    ///   - complete: given the text before the cursor, what to insert or list.
    package init(historyFile: HistoryFile?, complete: @escaping (String) -> Completion) {
        Terminal.enableUTF8Locale()
        seguelab_install_signal_handlers()
        self.historyFile = historyFile
        self.complete = complete
        editLine = el_init(
            CommandLine.arguments.first ?? "seguelab", seguelab_stdin(), seguelab_stdout(), seguelab_stderr())
        history = history_init()
        seguelab_history_set_size(history, Int32(historyFile?.limit ?? 1000))
        seguelab_history_set_unique(history, 1)
        if let historyFile {
            if let loadable = HistoryReader.loadable(historyFile.path, limit: historyFile.limit) {
                seguelab_history_load(history, loadable)
                if loadable != historyFile.path { unlink(loadable) }
            }
        }
        seguelab_el_set_editor(editLine, "emacs")
        seguelab_el_set_signal(editLine, 0)  // signals are ours: see seguelab_read_char
        seguelab_el_use_reader(editLine)
        seguelab_el_set_history(editLine, history)
        seguelab_el_set_prompt(editLine, promptCallback)
        seguelab_el_add_function(editLine, "seguelab-complete", "Complete a command or argument", completionCallback)
        seguelab_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        seguelab_el_bind(editLine, "^I", "seguelab-complete")
        seguelab_el_bind_interrupt(editLine)
        seguelab_el_bind_paste(editLine)
        el_source(editLine, nil)  // ~/.editrc, or $EDITRC
        // `bind -v` in ~/.editrc switches keymaps; keep Tab, Ctrl-C and paste working in whichever is active.
        seguelab_el_bind(editLine, "^I", "seguelab-complete")
        seguelab_el_bind_interrupt(editLine)
        seguelab_el_bind_paste(editLine)
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        bracketedPaste = Terminal.isTerminal(STDOUT_FILENO) && !term.isEmpty && term != "dumb"
    }

    /// Whether the terminal is asked to mark pastes (see Sources/CShellSignals/bracketed_paste.c).
    private var bracketedPaste = false

    deinit {
        el_end(editLine)
        history_end(history)
    }

    package func readLine(prompt: String) -> LineEvent {
        PromptText.current = prompt
        _ = seguelab_take_sigint()
        _ = seguelab_take_paste()
        var count: Int32 = 0
        seguelab_begin_reading(bracketedPaste ? 1 : 0)
        let read = el_gets(editLine, &count)
        seguelab_end_reading()
        guard let raw = read else {
            if seguelab_take_terminal_lost() != 0 {
                fputs(
                    "seguelab: cannot read the terminal: another program controls it (was seguelab started in the background, or under `timeout` without --foreground?). Leaving; your progress is saved.\n",
                    seguelab_stderr())
                return .endOfInput
            }
            if count == -1 || seguelab_take_sigint() != 0 {
                // Ctrl-C: leave what was typed visible, start a fresh empty line.
                el_reset(editLine)
                fputs("^C\n", seguelab_stdout())
                fflush(seguelab_stdout())
                return .interrupted
            }
            fputs("\n", seguelab_stdout())
            return .endOfInput
        }
        var line = String(cString: raw)
        if line.hasSuffix("\n") { line.removeLast() }
        return seguelab_take_paste() != 0 ? .pasted(line) : .line(line)
    }

    /// The question is drawn on its own line (its colour as colour), one key is read with the
    /// terminal raw for that read alone, and the question is erased. A key that is not the
    /// pager's is given back to the key reader, so the next line at the prompt starts with it.
    package func readPagerKey(prompt: String) -> PagerKey {
        fputs(prompt, seguelab_stdout())
        fflush(seguelab_stdout())
        _ = seguelab_take_sigint()
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = Int(seguelab_read_key(&bytes, Int32(bytes.count)))
        fputs("\r\u{1B}[K", seguelab_stdout())
        fflush(seguelab_stdout())
        guard count > 0 else {
            _ = seguelab_take_sigint()
            return .stop
        }
        let key = PagerKey(key: String(decoding: bytes[..<count], as: UTF8.self))
        if case .typed = key { seguelab_unread_bytes(bytes, count) }
        return key
    }

    package func remember(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        seguelab_history_enter(history, entry)
        save()
    }

    package func close() { save() }

    /// Saved after every entry, atomically, so a crash or kill loses nothing typed before it.
    private func save() {
        guard let historyFile else { return }
        do {
            try FileSystem.createDirectory(historyFile.directory)
            let temporary = historyFile.path + ".\(getpid()).tmp"
            guard seguelab_history_save(history, temporary) >= 0 else {
                unlink(temporary)
                throw FileSystemError(path: historyFile.path, reason: "cannot write history")
            }
            try FileSystem.rename(temporary, to: historyFile.path)
        } catch {
            // History is a convenience: warn once, keep the session going.
            if !warnedAboutHistory {
                warnedAboutHistory = true
                fputs("warning: \(error)\n", seguelab_stderr())
            }
        }
    }
    private var warnedAboutHistory = false

    fileprivate func insert(_ text: String) { el_insertstr(editLine, text) }

    fileprivate func textBeforeCursor() -> String {
        guard let info = el_line(editLine) else { return "" }
        let start = UnsafeRawPointer(info.pointee.buffer)!
        let cursor = UnsafeRawPointer(info.pointee.cursor)!
        let bytes = UnsafeRawBufferPointer(start: start, count: cursor - start)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The history file and how many entries it keeps.
package struct HistoryFile: Sendable {
    package var path: String
    package var limit: Int
    package var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }

    package init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = limit
    }
}

/// What Tab does: insert text at the cursor, or list the possibilities.
package struct Completion: Equatable, Sendable {
    package var insertion: String
    package var alternatives: [String]

    package init(insertion: String = "", alternatives: [String] = []) {
        self.insertion = insertion
        self.alternatives = alternatives
    }
}

// MARK: - C callbacks (no captures allowed; state reaches them through globals and client data)

private enum PromptText {
    nonisolated(unsafe) static var current = ""
    nonisolated(unsafe) static var buffer: UnsafeMutablePointer<CChar>?
}

private let promptCallback: seguelab_prompt_fn = { _ in
    free(PromptText.buffer)
    PromptText.buffer = strdup(PromptText.current)
    return PromptText.buffer
}

private let completionCallback: seguelab_command_fn = { editLine, _ in
    guard let editLine, let data = seguelab_el_client_data(editLine) else { return UInt8(CC_ERROR) }
    let source = Unmanaged<LibEditLineSource>.fromOpaque(data).takeUnretainedValue()
    let completion = source.complete(source.textBeforeCursor())
    if !completion.insertion.isEmpty {
        source.insert(completion.insertion)
        return UInt8(CC_REFRESH)
    }
    guard !completion.alternatives.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    fputs("\n" + Columns.layout(completion.alternatives, width: Terminal.width()) + "\n", seguelab_stdout())
    fflush(seguelab_stdout())
    return UInt8(CC_REDISPLAY)
}

// A test-only program that saves progress over and over, so that tests can kill it with
// SIGKILL mid-save or run two of it against one state folder.
//
//   ProgressWriter PACK STATE-DIR LESSON STEP COUNT
//
// Loads the learner's progress for PACK from STATE-DIR, then COUNT times (0: until killed)
// raises the attempts of LESSON/STEP by one and saves, printing "saved N" after each save.
import Foundation
import LessonKit

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[5]) else {
    FileHandle.standardError.write(Data("usage: ProgressWriter PACK STATE-DIR LESSON STEP COUNT\n".utf8))
    exit(2)
}
let result = PackLoader.load(from: URL(fileURLWithPath: arguments[1]))
guard let pack = result.pack else {
    FileHandle.standardError.write(Data("pack could not be loaded: \(result.diagnostics)\n".utf8))
    exit(1)
}
let store = ProgressStore(directory: URL(fileURLWithPath: arguments[2]))
var progress = try store.load(for: pack).progress
let ref = StepRef(lesson: arguments[3], step: arguments[4])
var round = 0
while count == 0 || round < count {
    round += 1
    var step = progress[ref] ?? StepProgress()
    step.attempts += 1
    step.status = max(step.status, .attempted)
    progress[ref] = step
    progress.updated = Date()
    try store.save(progress, for: pack)
    FileHandle.standardOutput.write(Data("saved \(step.attempts)\n".utf8))
}

// LessonKit

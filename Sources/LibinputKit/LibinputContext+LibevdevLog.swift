import CLibinput

#if canImport(Glibc)
import Glibc
#endif

/// libevdev's own log lines, kept as libinput's are. libinput gives each device's libevdev its
/// log handler only once the device is created (`evdev_device_create` in evdev.c, libinput
/// 1.22.1 to 1.31.3), so what libevdev logs while it reads the device (`libevdev_new_from_fd`),
/// such as "BUG: Device … has invalid ABS_MT_TRACKING_ID range", goes to libevdev's global
/// handler, whose default prints it bare on stderr, without a newline.
extension LibinputContext {
    /// Runs `body`, a call into libinput that may create a device, with libevdev's global log
    /// lines going to this context's log.
    func routingLibevdevLog<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        LibevdevLog.installed
        let previous = pthread_getspecific(LibevdevLog.context)
        pthread_setspecific(LibevdevLog.context, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(LibevdevLog.context, previous) }
        return try body()
    }
}

/// The global handler, and the context calling into libinput on each thread: the handler has
/// one data pointer for the process, and contexts on several threads may add devices at once.
private enum LibevdevLog {
    static let context: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Every call that can create a device is routed, so a line outside one has no context to
    /// go to; libevdev is libinput's alone in this process.
    static let installed: Void = {
        libevdev_set_log_function(
            { priority, _, _, _, _, format, args in
                guard let format, let args, let context = pthread_getspecific(LibevdevLog.context) else { return }
                let level: LibinputLogMessage.Priority =
                    priority == LIBEVDEV_LOG_ERROR ? .error : priority == LIBEVDEV_LOG_INFO ? .info : .debug
                LibinputContext.owner(context).log(level, "libevdev: " + LibinputContext.logLine(format, args))
            }, nil)
    }()
}

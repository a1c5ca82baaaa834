import CLibinput

extension LibinputContext {
    /// Applies ``configuration`` to a device libinput just added. A setting a pointing device
    /// does not offer is left at libinput's default, with a warning in the log; devices that
    /// point at nothing (keyboards) are passed over without one.
    func configure(_ device: OpaquePointer) {
        noteExternalTouchpad(device)
        let c = configuration
        var missing: [String] = []
        if let tap = c.tapToClick {
            if libinput_device_config_tap_get_finger_count(device) > 0 {
                libinput_device_config_tap_set_enabled(
                    device, tap ? LIBINPUT_CONFIG_TAP_ENABLED : LIBINPUT_CONFIG_TAP_DISABLED)
            } else if tap {
                missing.append("tapping")
            }
        }
        if let method = c.clickMethod {
            let value =
                method == .buttonAreas
                ? LIBINPUT_CONFIG_CLICK_METHOD_BUTTON_AREAS : LIBINPUT_CONFIG_CLICK_METHOD_CLICKFINGER
            if libinput_device_config_click_get_methods(device) & value.rawValue != 0 {
                libinput_device_config_click_set_method(device, value)
            } else {
                missing.append("the \(method.rawValue) click method")
            }
        }
        if let on = c.naturalScrolling {
            if libinput_device_config_scroll_has_natural_scroll(device) != 0 {
                libinput_device_config_scroll_set_natural_scroll_enabled(device, on ? 1 : 0)
            } else {
                missing.append("natural scrolling")
            }
        }
        if let method = c.scrollMethod {
            let value: libinput_config_scroll_method =
                switch method {
                case .none: LIBINPUT_CONFIG_SCROLL_NO_SCROLL
                case .twoFinger: LIBINPUT_CONFIG_SCROLL_2FG
                case .edge: LIBINPUT_CONFIG_SCROLL_EDGE
                case .button: LIBINPUT_CONFIG_SCROLL_ON_BUTTON_DOWN
                }
            if value == LIBINPUT_CONFIG_SCROLL_NO_SCROLL
                || libinput_device_config_scroll_get_methods(device) & value.rawValue != 0
            {
                libinput_device_config_scroll_set_method(device, value)
            } else {
                missing.append(method == .twoFinger ? "two-finger scrolling" : "\(method.rawValue) scrolling")
            }
        }
        if c.accelProfile != nil || c.accelSpeed != nil {
            if libinput_device_config_accel_is_available(device) != 0 {
                if let profile = c.accelProfile {
                    let value =
                        profile == .flat ? LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT : LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE
                    if libinput_device_config_accel_get_profiles(device) & value.rawValue != 0 {
                        libinput_device_config_accel_set_profile(device, value)
                    } else {
                        missing.append("a \(profile.rawValue) acceleration profile")
                    }
                }
                if let speed = c.accelSpeed { libinput_device_config_accel_set_speed(device, speed) }
            } else {
                missing.append("pointer acceleration")
            }
        }
        if let on = c.disableWhileTyping {
            if libinput_device_config_dwt_is_available(device) != 0 {
                libinput_device_config_dwt_set_enabled(
                    device, on ? LIBINPUT_CONFIG_DWT_ENABLED : LIBINPUT_CONFIG_DWT_DISABLED)
            } else {
                missing.append("disable-while-typing")
            }
        }
        if let on = c.leftHanded {
            if libinput_device_config_left_handed_is_available(device) != 0 {
                libinput_device_config_left_handed_set(device, on ? 1 : 0)
            } else {
                missing.append("left-handed mode")
            }
        }
        if let on = c.middleEmulation {
            if libinput_device_config_middle_emulation_is_available(device) != 0 {
                libinput_device_config_middle_emulation_set_enabled(
                    device, on ? LIBINPUT_CONFIG_MIDDLE_EMULATION_ENABLED : LIBINPUT_CONFIG_MIDDLE_EMULATION_DISABLED)
            } else {
                missing.append("middle-button emulation")
            }
        }
        // Touchpads only, as a desktop's touchpad panel sets it: the devices that tap. A pointing
        // device added without one would otherwise pass the setting over unsaid.
        let isTouchpad = libinput_device_config_tap_get_finger_count(device) > 0
        if c.sendEvents != nil, !isTouchpad, !configuredTouchpad,
            libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0
        {
            sendEventsPassedOver.append(Self.warningName(device))
        }
        configuredTouchpad = configuredTouchpad || isTouchpad
        if let mode = c.sendEvents, isTouchpad {
            let value: libinput_config_send_events_mode =
                switch mode {
                case .enabled: LIBINPUT_CONFIG_SEND_EVENTS_ENABLED
                case .disabled: LIBINPUT_CONFIG_SEND_EVENTS_DISABLED
                case .disabledOnExternalMouse: LIBINPUT_CONFIG_SEND_EVENTS_DISABLED_ON_EXTERNAL_MOUSE
                }
            if value == LIBINPUT_CONFIG_SEND_EVENTS_ENABLED
                || libinput_device_config_send_events_get_modes(device) & value.rawValue != 0
            {
                let status = libinput_device_config_send_events_set_mode(device, value.rawValue)
                if status == LIBINPUT_CONFIG_STATUS_SUCCESS {
                    let sysname = String(cString: libinput_device_get_sysname(device))
                    logOwnLine(sysname, LibinputLogMessage.sendEventsSet(mode))
                }
            } else {
                missing.append("the send-events mode \(mode.rawValue)")
            }
        }
        if c.tapDrag != nil || c.dragLock != nil {
            if libinput_device_config_tap_get_finger_count(device) > 0 {
                if let on = c.tapDrag {
                    libinput_device_config_tap_set_drag_enabled(
                        device, on ? LIBINPUT_CONFIG_DRAG_ENABLED : LIBINPUT_CONFIG_DRAG_DISABLED)
                }
                if let on = c.dragLock {
                    libinput_device_config_tap_set_drag_lock_enabled(
                        device, on ? LIBINPUT_CONFIG_DRAG_LOCK_ENABLED : LIBINPUT_CONFIG_DRAG_LOCK_DISABLED)
                }
            } else {
                missing.append("tapping (tap-and-drag, drag lock)")
            }
        }
        if let drag = c.threeFingerDrag, !ThreeFingerDragConfig.set(drag, on: device) {
            missing.append("three-finger drag (libinput 1.28 and later, on touchpads)")
        }
        guard !missing.isEmpty, libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 else { return }
        logOwnLine(
            Self.warningName(device),
            "touchsynth: does not offer \(missing.joined(separator: ", ")): libinput's default kept", priority: .error)
    }

    /// `event11 (Ultrathin Touch Mouse)`: a device as a warning of its settings names it.
    private static func warningName(_ device: OpaquePointer) -> String {
        "\(String(cString: libinput_device_get_sysname(device))) (\(String(cString: libinput_device_get_name(device))))"
    }

    /// Warns of the pointing devices a dispatch added with a send-events mode and no touchpad to
    /// take it, unless one it added too took it: the order libinput adds devices in is not theirs.
    func warnOfSendEventsPassedOver() {
        defer { sendEventsPassedOver.removeAll() }
        guard !configuredTouchpad, let mode = configuration.sendEvents else { return }
        for name in sendEventsPassedOver {
            logOwnLine(
                name,
                "touchsynth: does not offer the send-events mode \(mode.rawValue) (a touchpad's, and no touchpad was "
                    + "added with it): libinput's default kept", priority: .error)
        }
    }

    /// Logs, among libinput's lines, that libinput takes a touchpad for external, as its send-events
    /// modes show: it logs no integration (``LibinputLogMessage/externalTouchpad``).
    private func noteExternalTouchpad(_ device: OpaquePointer) {
        // Touchpads are the devices that tap.
        guard libinput_device_config_tap_get_finger_count(device) > 0,
            libinput_device_config_send_events_get_modes(device)
                & LIBINPUT_CONFIG_SEND_EVENTS_DISABLED_ON_EXTERNAL_MOUSE.rawValue == 0
        else { return }
        logOwnLine(String(cString: libinput_device_get_sysname(device)), LibinputLogMessage.externalTouchpad)
    }
}

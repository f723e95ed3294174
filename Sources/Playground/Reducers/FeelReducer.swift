import Scenes
import ScrollPhysics

/// The feel of the edited side: a parameter, a preset, the defaults, Revert, a platform's model,
/// a feel given at start.
extension PlaygroundSession {
    func reduce(_ request: FeelRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .setValue(key, value): setValue(key, value, at: realTime)
        case let .typeValue(key, value): typeValue(key, value, at: realTime)
        case let .applyPreset(id):
            if let preset = Preset.all.first(where: { $0.id == id }) {
                applyPreset(preset, at: realTime)
            } else {
                notice = .noPreset(id: id)
            }
        case let .choosePreset(index): presetChoice = Preset.all.indices.contains(index) ? index : nil
        case .resetToDefaults: resetToDefaults(at: realTime)
        case .revert: revert(at: realTime)
        case let .setModel(name): setModel(name, at: realTime)
        case let .setFeel(feel, name):
            setFeel(feel, named: name, at: realTime)
            notice =
                isComparing
                ? .bothRun(a: sides[0].named.name, b: sides[1].named.name) : .runs(side: edited.label, model: name)
        }
        return []
    }

    /// Sets one parameter of the edited side's model through its table (the model's rules between
    /// parameters treat `key` as the one set); a bad value is shown and changes nothing.
    func setValue(_ key: String, _ value: ParameterValue, at realTime: Double) {
        do {
            setFeel(try feel.setting(key, to: value), at: realTime)
            clearValueNotice()
        } catch {
            notice = .valueRefused(error.description)
        }
    }

    /// Sets a number typed into parameter `key`'s field: as typed when it lies in the parameter's
    /// range (its one definition, the model's table), else clamped into it (a count also rounded)
    /// and said in one line: the parameter, the value typed, the range and the value applied.
    func typeValue(_ key: String, _ typed: Double, at realTime: Double) {
        guard let row = feel.model.rows.first(where: { $0.key == key }), !row.isChoice, !row.isFlag else {
            setValue(key, .number(typed), at: realTime)
            return
        }
        guard !typed.isNaN else {
            notice = .valueRefused("\(row.title): the value typed is not a number; nothing changed.")
            return
        }
        let clamped = min(max(typed, row.range.lowerBound), row.range.upperBound)
        setValue(key, .number(row.isCount ? clamped.rounded() : clamped), at: realTime)
        guard clamped != typed, let applied = feel.model.rows.first(where: { $0.key == key }) else { return }
        if case .valueRefused = notice { return }
        notice = .valueClamped(
            parameter: row.title, typed: typed, range: row.rangeText + (row.unit.isEmpty ? "" : " \(row.unit)"),
            applied: applied.value)
    }

    /// A value set after one was refused or clamped: that message no longer describes the panel.
    func clearValueNotice() {
        switch notice {
        case .valueRefused?, .valueClamped?: notice = nil
        default: break
        }
    }

    /// Applies to the next gesture and to motion already under way, without a jump.
    func setFeel(_ new: Feel, at realTime: Double) {
        apply(new, to: editing, at: realTime)
    }

    /// Applies a feel called `name` (a parameter file given at start) as if loaded: the edited
    /// side is named after it and Revert returns to it.
    func setFeel(_ new: Feel, named name: String, at realTime: Double) {
        apply(new, to: editing, at: realTime)
        edited.name(name, for: new, saved: true)
    }

    func apply(_ new: Feel, to index: Int, at realTime: Double) {
        guard new != sides[index].feel else { return }
        sides[index].feel = new
        sides[index].scene.setFeel(new, at: clock.sceneTime(at: realTime))
    }

    /// A preset's feel on the session's display: a preset changes the feel, not the device's
    /// refresh rate or pixel grid (the device picker sets those).
    func applyPreset(_ preset: Preset, at realTime: Double) {
        let feel = preset.feel.on(display)
        setFeel(feel, at: realTime)
        edited.name(preset.title, for: feel, saved: true)
        notice = .preset(title: preset.title, side: edited.label, summary: preset.summary)
    }

    func resetToDefaults(at realTime: Double) {
        let defaults = Feel.standard.on(display)
        setFeel(defaults, at: realTime)
        edited.name(Preset.all[0].title, for: defaults, saved: false)
        notice = .reset(side: edited.label)
    }

    func revert(at realTime: Double) {
        setFeel(edited.savedFeel, at: realTime)
        edited.name(edited.savedName, for: edited.savedFeel, saved: false)
        notice = .reverted(side: edited.label)
    }

    /// Model `name` at its defaults, on the session's display.
    func modelFeel(_ name: String) -> Feel? {
        FeelZoo.model(named: name).map { Feel($0).on(display) }
    }

    static func modelTitle(_ name: String) -> String {
        FeelZoo.model(named: name)?.title ?? name
    }

    /// The preset `feel` equals on `display`, else its model's title.
    public static func name(of feel: Feel, on display: Display) -> String {
        Preset.all.first { $0.feel.on(display) == feel }?.title ?? feel.title
    }

    /// Runs platform model `name` on the edited side, at its defaults.
    func setModel(_ name: String, at realTime: Double) {
        guard let new = modelFeel(name) else {
            notice = .noModel(name: name)
            return
        }
        setFeel(new, at: realTime)
        edited.name(Self.modelTitle(name), for: new, saved: true)
        notice = .runs(side: edited.label, model: Self.modelTitle(name))
    }
}

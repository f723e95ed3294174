/// Android (Kotlin, View system): what `OverScroller`, `RecyclerView` and `PagerSnapHelper`
/// let an app set, and the constants they keep private.
enum KotlinSnippet {
    static func f(_ value: Double) -> String { CodeLiteral.double(value) + "f" }
    /// Android's durations are whole milliseconds (an Int): rounded, the exact value kept beside it.
    static func wholeMilliseconds(_ value: Double) -> String {
        let whole = Int(value.rounded())
        return Double(whole) == value ? "\(whole)" : "\(whole)  // \(CodeLiteral.number(value)) ms, to whole ms"
    }

    public static func make(_ model: AndroidModel) -> String {
        let v = model.values
        var cannot: [String] = [
            "//   INFLEXION \(CodeLiteral.number(v.inflexion)), the 0.84 g tuning "
                + "(\(CodeLiteral.number(v.physicalTuning))) and DECELERATION_RATE are private to OverScroller;",
            "//   the stretch's NATURAL_FREQUENCY \(CodeLiteral.number(v.stretchFrequency)), DAMPING_RATIO "
                + "\(CodeLiteral.number(v.stretchDampingRatio)) and",
            "//   ON_ABSORB_VELOCITY_ADJUSTMENT \(CodeLiteral.number(v.absorbAdjustment)) are private to EdgeEffect "
                + "(only its color and blend mode are public);",
            "//   RecyclerView's own OverScroller is private, so a RecyclerView's friction stays ViewConfiguration's",
            "//   (0.015) whatever you do: SCROLL_FRICTION reaches an OverScroller you own and ListView.setFriction "
                + "only."
        ]
        if v.flywheel == 0 {
            cannot.append(
                "//   Flywheel off: only through the deprecated OverScroller(context, interpolator, bounceX, bounceY, "
                    + "flywheel = false)."
            )
        }
        return """
            // Scroll feel exported from ScrollLab (model android).
            // Can be set: the fling friction (OverScroller.setFriction, ListView/AbsListView.setFriction),
            //   which flings count and how fast they may start (an OnFlingListener; it can only narrow
            //   ViewConfiguration's limits, as RecyclerView.fling applies those first), the touch slop
            //   (your own OnTouchListener threshold) and PagerSnapHelper's snap speed (createScroller).
            // Cannot be set:
            \(cannot.joined(separator: "\n"))
            package com.example.scrolllab

            import android.content.Context
            import android.util.DisplayMetrics
            import android.widget.OverScroller
            import androidx.recyclerview.widget.LinearSmoothScroller
            import androidx.recyclerview.widget.PagerSnapHelper
            import androidx.recyclerview.widget.RecyclerView
            import kotlin.math.abs
            import kotlin.math.min
            import kotlin.math.sign

            object ScrollLabFeel {
                /** OverScroller fling friction (ViewConfiguration.getScrollFriction() is 0.015). */
                const val SCROLL_FRICTION = \(f(v.scrollFriction))
                /** Slower releases do not fling (ViewConfiguration: 50 dp/s). */
                const val MIN_FLING_VELOCITY_DP = \(f(v.minFlingVelocity))
                /** Release speeds are clamped to this (ViewConfiguration: 8000 dp/s). */
                const val MAX_FLING_VELOCITY_DP = \(f(v.maxFlingVelocity))
                /** Finger travel before scrolling starts (ViewConfiguration: 8 dp). */
                const val TOUCH_SLOP_DP = \(f(v.touchSlop))
                /** PagerSnapHelper.MILLISECONDS_PER_INCH (100) and MAX_SCROLL_ON_FLING_DURATION (100 ms). */
                const val PAGER_MILLISECONDS_PER_INCH = \(f(v.pagerMillisecondsPerInch))
                const val PAGER_MAX_FLING_DURATION_MS = \(wholeMilliseconds(v.pagerMaxFlingDuration))

                fun scroller(context: Context): OverScroller =
                    OverScroller(context).apply { setFriction(SCROLL_FRICTION) }

                /** Applies the fling limits to a RecyclerView (its own friction stays the platform's). */
                fun install(recyclerView: RecyclerView) {
                    val density = recyclerView.resources.displayMetrics.density
                    recyclerView.onFlingListener = object : RecyclerView.OnFlingListener() {
                        override fun onFling(velocityX: Int, velocityY: Int): Boolean {
                            val vx = limit(velocityX.toFloat(), density)
                            val vy = limit(velocityY.toFloat(), density)
                            if (vx == velocityX.toFloat() && vy == velocityY.toFloat()) return false
                            if (vx != 0f || vy != 0f) recyclerView.fling(vx.toInt(), vy.toInt())
                            return true
                        }
                    }
                }

                private fun limit(velocity: Float, density: Float): Float {
                    val dp = velocity / density
                    if (abs(dp) < MIN_FLING_VELOCITY_DP) return 0f
                    return sign(dp) * min(abs(dp), MAX_FLING_VELOCITY_DP) * density
                }
            }

            /** PagerSnapHelper with the tuned snap speed after a fling. */
            class ScrollLabPagerSnapHelper(private val context: Context) : PagerSnapHelper() {
                override fun createScroller(layoutManager: RecyclerView.LayoutManager): RecyclerView.SmoothScroller? {
                    if (layoutManager !is RecyclerView.SmoothScroller.ScrollVectorProvider) return null
                    return object : LinearSmoothScroller(context) {
                        override fun onTargetFound(
                            targetView: android.view.View,
                            state: RecyclerView.State,
                            action: RecyclerView.SmoothScroller.Action,
                        ) {
                            val distances = calculateDistanceToFinalSnap(layoutManager, targetView) ?: return
                            val dx = distances[0]
                            val dy = distances[1]
                            val time = calculateTimeForDeceleration(maxOf(abs(dx), abs(dy)))
                            if (time > 0) action.update(dx, dy, time, mDecelerateInterpolator)
                        }

                        override fun calculateSpeedPerPixel(displayMetrics: DisplayMetrics): Float =
                            ScrollLabFeel.PAGER_MILLISECONDS_PER_INCH / displayMetrics.densityDpi

                        override fun calculateTimeForScrolling(dx: Int): Int =
                            min(ScrollLabFeel.PAGER_MAX_FLING_DURATION_MS, super.calculateTimeForScrolling(dx))
                    }
                }
            }

            """
    }
}

extension AndroidModel {
    public var exported: ExportedCode {
        ExportedCode(language: "kotlin", fileExtension: "kt", text: KotlinSnippet.make(self))
    }
}

import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct FrictionSimulationTests {
    @Test func decayConstantMatchesUIKitRates() {
        #expect(close(FrictionSimulation.decayConstant(decelerationRate: 0.998), 2.002002669, 1e-8))
        #expect(close(FrictionSimulation.decayConstant(decelerationRate: 0.99), 10.050335854, 1e-8))
    }

    @Test(arguments: [(0.998, 1500.0), (0.99, -3000.0), (0.95, 800.0), (0.9995, 12000.0)])
    func exponentialMatchesClosedForm(rate: Double, v0: Double) {
        let friction = FrictionSimulation(origin: 40, velocity: v0, decelerationRate: rate)
        let mu = -1000 * log(rate)
        for t in [0.0, 0.01, 0.1, 0.5, 1.0] where t < friction.settleTime {
            #expect(close(friction.position(at: t), 40 + v0 / mu * (1 - exp(-mu * t)), 1e-7))
            #expect(close(friction.velocity(at: t), v0 * exp(-mu * t), 1e-7))
        }
        // Stops when the speed reaches the tolerance (2 pt/s), at ln(|v0|/2)/μ.
        #expect(close(friction.settleTime, log(abs(v0) / 2) / mu, 1e-9))
        #expect(close(friction.restPosition, 40 + (v0 - (v0 < 0 ? -2 : 2)) / mu, 1e-7))
        #expect(friction.velocity(at: friction.settleTime) == 0)
        #expect(friction.position(at: friction.settleTime + 10) == friction.restPosition)
    }

    @Test(arguments: [0.0, 0.3, 0.5, 0.8, 1.2, 1.5, 1.9])
    func powerLawSatisfiesItsEquation(power: Double) {
        let friction = FrictionSimulation(origin: 0, velocity: 2500, decelerationRate: 0.998, power: power)
        let k = 2.002002669 * pow(1000, 1 - power)
        #expect(relativelyClose(friction.coefficient, k, 1e-8))
        for fraction in [0.05, 0.3, 0.6, 0.9] {
            let t = friction.settleTime * fraction
            // dx/dt = v and dv/dt = −k·vⁿ (the residual of the ODE).
            #expect(relativelyClose(derivative(friction.position, at: t), friction.velocity(at: t), 1e-5))
            let v = friction.velocity(at: t)
            #expect(relativelyClose(derivative(friction.velocity, at: t), -k * pow(v, power), 1e-4))
        }
        // Distance to rest: (s0^b − vtol^b)/(b·k) with b = 2 − n (n = 1: (s0 − vtol)/k).
        let b = 2 - power
        #expect(relativelyClose(friction.restDistance, (pow(2500, b) - pow(2, b)) / (b * k), 1e-9))
    }

    @Test func everyPowerDeceleratesAlikeAtTheReferenceSpeed() {
        for power in [0.0, 0.5, 1.0, 1.5] {
            let friction = FrictionSimulation(origin: 0, velocity: 1000, decelerationRate: 0.998, power: power)
            #expect(relativelyClose(-derivative(friction.velocity, at: 0.0001, step: 1e-7), 2.002 * 1000, 1e-3))
        }
    }

    @Test func powersBelowOneStopInFiniteTimeWithoutNaN() {
        let friction = FrictionSimulation(origin: 0, velocity: 5000, decelerationRate: 0.99, power: 0.4)
        #expect(friction.settleTime.isFinite && friction.settleTime > 0)
        for t in stride(from: 0.0, through: friction.settleTime * 3, by: friction.settleTime / 50) {
            #expect(friction.position(at: t).isFinite)
            #expect(friction.velocity(at: t).isFinite)
        }
        // Beyond the true stop time of the power law the closed form would take a root of a
        // negative number; the simulation must not.
        let trueStop = pow(5000, 0.6) / (0.6 * friction.coefficient)
        #expect(friction.velocity(at: trueStop * 1.5) == 0)
    }

    @Test func timeToTravelRoundTrips() {
        for power in [0.5, 1.0, 1.4] {
            let friction = FrictionSimulation(origin: 10, velocity: -4000, decelerationRate: 0.998, power: power)
            for distance in [0.0, 1.0, 250.0, friction.restDistance * 0.99] {
                let t = try! #require(friction.time(toTravel: distance))
                #expect(close(friction.position(at: t), 10 - distance, 1e-6))
            }
            #expect(friction.time(toTravel: friction.restDistance + 1) == nil)
            #expect(friction.time(toTravel: -1) == nil)
        }
    }

    @Test func travellingLandsExactlyOnTheTarget() {
        for power in [0.5, 1.0, 1.6] {
            let friction = try! #require(
                FrictionSimulation.travelling(distance: 700, from: 100, velocity: 2000, power: power))
            #expect(close(friction.restPosition, 800, 1e-6))
            #expect(close(friction.velocity(at: 0), 2000, 1e-6))
        }
        #expect(FrictionSimulation.travelling(distance: -50, from: 0, velocity: 2000, power: 1) == nil)
        #expect(FrictionSimulation.travelling(distance: 50, from: 0, velocity: 1, power: 1) == nil)
    }

    @Test func degenerateInputsRestAtTheOrigin() {
        for v in [0.0, 1.0, .nan, .infinity, -.infinity] {
            let friction = FrictionSimulation(origin: 5, velocity: v, decelerationRate: 0.998)
            #expect(friction.settleTime == 0)
            #expect(friction.position(at: 1) == 5)
            #expect(friction.velocity(at: 0) == 0)
        }
        let huge = FrictionSimulation(origin: 0, velocity: 1e12, decelerationRate: 0.998)
        #expect(huge.restPosition.isFinite && huge.settleTime.isFinite)
        #expect(close(huge.restPosition, (1e12 - 2) / 2.002002669, 1e3))
    }
}

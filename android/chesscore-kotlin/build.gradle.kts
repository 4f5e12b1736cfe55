// The generated UniFFI bindings and the idiomatic wrapper, compiled as a plain Kotlin/JVM
// library straight from the repository's sources (no copies). JNA is compileOnly: the Android
// app brings JNA's AAR (with its native dispatch libraries); a desktop consumer brings the jar.
plugins {
    alias(libs.plugins.kotlin.jvm)
}

kotlin {
    jvmToolchain(17)
}

sourceSets {
    main {
        kotlin.srcDirs("../../bindings/kotlin", "../../bindings/kotlin-wrapper/src")
    }
}

dependencies {
    compileOnly(libs.jna)
    api(libs.kotlinx.coroutines.core)
}

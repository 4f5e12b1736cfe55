// The generated UniFFI bindings and the idiomatic wrapper, compiled as a plain Kotlin/JVM
// library straight from the repository's sources (no copies). JNA is compileOnly: the Android
// app brings JNA's AAR (with its native dispatch libraries); a desktop consumer brings the jar.
// The jar carries its own R8/ProGuard rules (META-INF/proguard/chesscore.pro, read by R8 from
// any jar on the classpath), scoped to the bindings' package: the app needs no rules for it.
plugins {
    alias(libs.plugins.kotlin.jvm)
}

java {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
}

// Java 17 bytecode from whatever JDK runs Gradle (no `jvmToolchain`, which fails on an Android
// Studio that has no JDK 17 installed beside its bundled JBR 21).
kotlin {
    compilerOptions { jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17) }
}

sourceSets {
    main {
        kotlin.srcDirs("../../bindings/kotlin", "../../bindings/kotlin-wrapper/src")
        resources.srcDirs("../../bindings/kotlin-wrapper/resources")
    }
}

dependencies {
    compileOnly(libs.jna)
    api(libs.kotlinx.coroutines.core)
}

// The Android app: Jetpack Compose UI over the presentation layer. The Rust library arrives as
// libchesscore.so per ABI in src/main/jniLibs, built by the buildRust task below (cargo ndk).
plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

/** The ABIs the app ships; `buildRust` builds the Rust library for each. */
val abis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")

android {
    namespace = "dev.chesscore.app"
    compileSdk = 35
    ndkVersion = libs.versions.ndk.get()

    defaultConfig {
        applicationId = "dev.chesscore.app"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += abis
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }

    buildFeatures {
        compose = true
    }
}

// Java 17 bytecode from whatever JDK runs Gradle (no `jvmToolchain`, which fails on an Android
// Studio that has no JDK 17 installed beside its bundled JBR 21).
kotlin {
    compilerOptions { jvmTarget.set(org.jetbrains.kotlin.gradle.dsl.JvmTarget.JVM_17) }
}

dependencies {
    implementation(project(":chesscore-kotlin"))
    implementation(project(":presentation"))
    // JNA as an AAR: the jar plus libjnidispatch.so for every Android ABI.
    implementation("net.java.dev.jna:jna:${libs.versions.jna.get()}@aar")
    implementation(libs.kotlinx.coroutines.android)

    implementation(platform(libs.compose.bom))
    implementation(libs.compose.ui)
    implementation(libs.compose.foundation)
    implementation(libs.compose.material3)
    implementation(libs.compose.material.icons.core)
    implementation(libs.compose.ui.tooling.preview)
    debugImplementation(libs.compose.ui.tooling)
    implementation(libs.activity.compose)
    implementation(libs.lifecycle.viewmodel.compose)
    implementation(libs.lifecycle.runtime.compose)
}

// Builds the Rust library for the app's ABIs before every build (cargo is incremental), unless
// `chesscore.skipRust=true` (gradle.properties or -P). It runs `cargo ndk` directly, with the NDK
// that this module's `ndkVersion` names, so it works the same on macOS, Linux and Windows (no
// shell script). Needs `cargo install cargo-ndk` and the Rust targets (android/README.md). The
// 16 KB page alignment comes from the repository's .cargo/config.toml and NDK r28.
val buildRust = tasks.register<Exec>("buildRust") {
    description = "Builds libchesscore.so for ${abis.joinToString()} with cargo ndk."
    group = "build"
    val repo = rootProject.projectDir.parentFile
    workingDir = repo
    // Resolved when the task runs, so a sync without the NDK installed still works.
    doFirst { environment("ANDROID_NDK_HOME", android.ndkDirectory.absolutePath) }
    commandLine(
        listOf("cargo", "ndk") + abis.flatMap { listOf("-t", it) } +
            listOf("-o", file("src/main/jniLibs").absolutePath, "build", "--release", "--lib"),
    )
}
if (providers.gradleProperty("chesscore.skipRust").orNull != "true") {
    tasks.named("preBuild") { dependsOn(buildRust) }
}

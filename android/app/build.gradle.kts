// The Android app: Jetpack Compose UI over the presentation layer. The Rust library arrives as
// libchesscore.so per ABI in src/main/jniLibs, built by ../build-rust.sh (cargo ndk).
plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

android {
    namespace = "dev.chesscore.app"
    compileSdk = 35

    defaultConfig {
        applicationId = "dev.chesscore.app"
        minSdk = 26
        targetSdk = 35
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += listOf("arm64-v8a", "armeabi-v7a", "x86_64")
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

kotlin {
    jvmToolchain(17)
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
// `chesscore.skipRust=true` (gradle.properties or -P).
val buildRust = tasks.register<Exec>("buildRust") {
    description = "Builds libchesscore.so for arm64-v8a, armeabi-v7a and x86_64 with cargo ndk."
    group = "build"
    workingDir = rootProject.projectDir
    commandLine("bash", "build-rust.sh")
}
if (providers.gradleProperty("chesscore.skipRust").orNull != "true") {
    tasks.named("preBuild") { dependsOn(buildRust) }
}

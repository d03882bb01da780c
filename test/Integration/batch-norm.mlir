// Batch norms compiled for the CPU (hlo-expand-batch-norm, then the usual
// pipeline) on 2x3x4 inputs with feature_index 1 and the last dimension, a
// 5x3 input with feature_index 0, in f32, f64 and f16. The runner makes every
// constant a run-time input, so the compiled code computes the results.
// Expected values: numpy (float64) from the textbook formulas, produced
// offline by test/Integration/Inputs/batch_norm_reference.py, which prints
// the functions below; it checks its gradient formula against finite
// differences of batch_norm_training. f16 computes in f16 (as the spec
// says), hence its looser tolerance.
// RUN: hlo-runner %s | FileCheck %s
// CHECK-NOT: check failed
// CHECK: 60 passed, 0 failed

// A perturbed expected value (the f32 batch variance of feature 0, 0.7475 ->
// 0.7485) fails.
// RUN: sed -e 's/dense<\[0.747500006,/dense<[0.748500006,/' %s > %t.mlir
// RUN: not hlo-runner %t.mlir | FileCheck %s --check-prefix=PERTURBED
// PERTURBED: check failed: expect_almost_eq: max error 0.000999{{[0-9]*}}, 1 of 3 elements differ, first at index [0]: expected 0.74849999, found 0.7475
// PERTURBED: 59 passed, 1 failed

func.func @f32_feature1() {
  %x = hlo.constant dense<[[[1.35, 0.4, -1.25, -0.55], [0.14, -1.88, -1.91, 1.7], [0.06, 0.69, 0.07, -0.9]], [[-0.34, -1.03, 0.99, -0.01], [-1.87, 0.67, -1.66, 1.75], [-1.87, -0.56, 1.17, 0.21]]]> : tensor<2x3x4xf32>
  %scale = hlo.constant dense<[1.83, -1.6, 1.42]> : tensor<3xf32>
  %offset = hlo.constant dense<[-1.68, -1.18, 1.57]> : tensor<3xf32>
  %mean = hlo.constant dense<[0.2, -0.13, 0.11]> : tensor<3xf32>
  %var = hlo.constant dense<[1.12, 3.5, 1.19]> : tensor<3xf32>
  %dy = hlo.constant dense<[[[1.76, -0.95, 1.42, 1.3], [0.14, 0.05, -0.19, -0.98], [1.85, -0.64, -0.91, -1.28]], [[0.75, 0.91, 1.06, -0.95], [0.39, -1.62, 1.18, 1.45], [-1.7, 0.19, 0.69, -0.64]]]> : tensor<2x3x4xf32>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %t#0, dense<[[[1.2918818, -0.717575621, -4.20768583, -2.72703305], [-1.72689673, 0.387422003, 0.418822747, -3.359737], [1.89034603, 2.89316822, 1.90626385, 0.362236076]], [[-2.28283719, -3.74233775, 0.530403185, -1.58481514], [0.376955089, -2.28164375, 0.157149635, -3.41207157], [-1.18179178, 0.903441658, 3.65722315, 2.12911321]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %t#1, dense<[-0.0549999934, -0.382499984, -0.141250005]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %t#2, dense<[0.747500006, 2.33569376, 0.79481092]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  check.expect_almost_eq_const %i, dense<[[[0.307678556, -1.33431673, -4.18620324, -2.97631202], [-1.41088068, 0.316449266, 0.342102657, -2.7448583], [1.50494179, 2.32467587, 1.51795345, 0.25582323]], [[-2.61334463, -3.80595166, -0.31455125, -2.04296732], [0.307898136, -1.86409103, 0.128324198, -2.78761396], [-1.00630705, 0.698219365, 2.94923511, 1.70011656]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %g#0, dense<[[[2.48816136, -3.35680176, 1.46048594, 1.28971773], [-0.163345947, 0.208283962, 0.463610356, 0.794698597], [3.22104062, -1.39753193, -1.18267312, -0.763082741]], [[0.151265159, 0.407828695, 0.964792904, -3.40545002], [-0.148964856, 1.60604236, -1.00469334, -1.75563113], [-0.423081578, 1.22332352, 0.220461168, -0.89845594]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %g#1, dense<[-0.388252354, -1.60461215, 4.66162122]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %g#2, dense<[5.29999989, 0.419999961, -2.44]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  check.expect_almost_eq_const %h#0, dense<[[[2.27093402, -2.72202783, 0.837713194, 0.857953836], [-0.0959164629, 0.138858136, 0.346429231, 0.739934615], [2.83659206, -0.813830182, -0.761140164, -0.610499401]], [[-0.0243797366, 0.0277684584, 0.943965252, -2.85536603], [-0.152661814, 1.36767716, -0.844608158, -1.34189836], [-0.524917033, 1.08066247, 0.603941727, -0.501052365]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %h#1, dense<[-1.59373175, -1.36759417, 4.37228176]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %h#2, dense<[5.29999989, 0.419999961, -2.44]> : tensor<3xf32> {tolerance = 2.0e-05 : f64}
  func.return
}

func.func @f32_feature_last() {
  %x = hlo.constant dense<[[[0.84, 1.1, -1.78, 0.93], [0.86, 1.44, 1.21, -1.2], [-1.68, 1.31, -0.49, -1.46]], [[-1.79, 0.18, 0.52, 0.98], [-1.29, -1.41, -1.66, 0.46], [1.8, -1.48, -0.46, -0.58]]]> : tensor<2x3x4xf32>
  %scale = hlo.constant dense<[-1.87, -0.32, 0.36, -0.39]> : tensor<4xf32>
  %offset = hlo.constant dense<[1.92, -1.35, -0.38, -1.0]> : tensor<4xf32>
  %mean = hlo.constant dense<[0.04, 0.44, -0.19, 0.1]> : tensor<4xf32>
  %var = hlo.constant dense<[3.03, 2.25, 1.73, 1.45]> : tensor<4xf32>
  %dy = hlo.constant dense<[[[-1.61, -0.78, 0.94, -0.75], [-1.6, -0.61, -0.19, -0.25], [1.62, 1.1, 0.59, -1.75]], [[-1.41, 1.92, -0.59, 1.62], [1.78, -1.19, -1.24, 0.42], [0.16, -1.15, -1.74, -1.5]]]> : tensor<2x3x4xf32>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  check.expect_almost_eq_const %t#0, dense<[[[0.538326583, -1.58776383, -0.827525197, -1.42551025], [0.512008941, -1.67659866, 0.173547403, -0.582406203], [3.8543427, -1.64263237, -0.395624323, -0.4794921]], [[3.99908945, -1.34738723, -0.0574693692, -1.44530143], [3.34114973, -0.931953791, -0.787348369, -1.23947322], [-0.724917662, -0.913664254, -0.385580116, -0.827816792]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %t#1, dense<[-0.209999988, 0.190000008, -0.443333323, -0.145000006]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %t#2, dense<[2.01853324, 1.499, 1.15515554, 0.969791709]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  check.expect_almost_eq_const %i, dense<[[[1.06071222, -1.49076875, -0.815061942, -1.26872556], [1.03922998, -1.56328597, 0.00307343312, -0.579104535], [3.7674686, -1.53555878, -0.46208716, -0.494925448]], [[3.88562068, -1.29454568, -0.185727053, -1.28491385], [3.34856583, -0.955421048, -0.782227076, -1.11655567], [0.0295669227, -0.940491021, -0.453878443, -0.779839308]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  check.expect_almost_eq_const %g#0, dense<[[[1.29807424, 0.267060413, 0.398586859, 0.478919516], [1.27371506, 0.257831476, 0.111002346, -0.36858653], [-1.54096924, -0.202409876, 0.320556271, 0.145855506]], [[2.50774752, -0.533608436, -0.0438620806, -0.443933458], [-1.96991721, 0.114411145, -0.327650129, -0.127531666], [-1.56865037, 0.0967152789, -0.458633266, 0.315276632]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %g#1, dense<[-3.62880142, 2.91081029, -0.584826947, 4.55486291]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %g#2, dense<[-1.06000003, -0.710000038, -2.23000002, -2.21000001]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>)
  check.expect_almost_eq_const %h#0, dense<[[[1.30841519, 0.180131069, 0.356226588, 0.278808517], [1.29189554, 0.163966925, 0.0520652002, -0.281456033], [-1.43286167, -0.208435216, 0.262629907, 0.155563815]], [[1.85347276, -0.450114173, -0.0585459379, -0.47916458], [-1.71740094, 0.119233975, -0.240071434, -0.187903198], [-0.870129494, 0.106565423, -0.374863202, 0.239212005]]]> : tensor<2x3x4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %h#1, dense<[-2.80985948, 2.49444572, -0.0485681941, 4.17516686]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  check.expect_almost_eq_const %h#2, dense<[-1.06000003, -0.710000038, -2.23000002, -2.21000001]> : tensor<4xf32> {tolerance = 2.0e-05 : f64}
  func.return
}

func.func @f64_feature1() {
  %x = hlo.constant dense<[[[0.57, -0.46, 1.07, -1.57], [-1.16, -0.2, -0.17, 0.81], [1.91, 1.52, -0.42, 1.85]], [[1.38, 1.27, -1.23, -1.73], [0.07, 1.25, 0.77, -0.94], [1.77, 0.94, -1.36, -0.1]]]> : tensor<2x3x4xf64>
  %scale = hlo.constant dense<[0.71, -0.99, -1.26]> : tensor<3xf64>
  %offset = hlo.constant dense<[0.93, 0.55, 0.18]> : tensor<3xf64>
  %mean = hlo.constant dense<[0.16, 0.3, 1.01]> : tensor<3xf64>
  %var = hlo.constant dense<[2.27, 0.95, 2.02]> : tensor<3xf64>
  %dy = hlo.constant dense<[[[0.89, -0.51, -0.04, -1.33], [1.64, -0.39, -1.1, -0.29], [0.02, -1.6, -1.25, 1.37]], [[1.02, 0.83, 1.21, 0.16], [1.92, -0.38, 0.61, 1.45], [1.26, 0.8, 1.67, 1.76]]]> : tensor<2x3x4xf64>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>) -> (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>)
  check.expect_almost_eq_const %t#0, dense<[[[1.3093296398605125, 0.7150946146797856, 1.5977932443171765, 0.07470541278599252], [2.055048251272667, 0.8646496344061292, 0.82744967762905, -0.3877489104222077], [-1.064475926127713, -0.6410555455913485, 1.4651894242562093, -0.9993343291221186]], [[1.7766406790803075, 1.7131786860998417, 0.27086066381652363, -0.017602940640140008], [0.5298500234124154, -0.9333482764860377, -0.3381489680527685, 1.7822485682407523], [-0.9124788664479924, -0.011353441203934084, 2.485741110677192, 1.117767573559705]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#1, dense<[-0.08750000000000002, 0.05375000000000002, 0.7637499999999999]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#2, dense<[1.5135187499999998, 0.6364234375, 1.3458734375000003]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<2x3x4xf64>
  check.expect_almost_eq_const %i, dense<[[[1.1231673128233273, 0.6378933318281395, 1.3587372065103116, 0.11492816784303395], [2.032169226179061, 1.0575922007462537, 1.0271366687014785, 0.03225595523882119], [-0.6176821940574873, -0.2720199099659095, 1.447428375002452, -0.5645033811203215]], [[1.504790540596242, 1.4529651639851053, 0.27511569555018345, 0.039545801863199004], [0.7834924123432767, -0.414425181417882, 0.07286333129852152, 1.8088286578507093], [-0.49359829720410037, 0.24204194842669352, 2.28056311101805, 1.1638080393375678]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>)
  check.expect_almost_eq_const %g#0, dense<[[[0.23746781798348907, -0.3897978689914039, -0.38666303266695645, -0.6684316073787988], [-0.5256360309872815, 1.223037262495693, 2.079419871373047, 0.29048634450572], [0.3083922024661745, 2.140983391517039, 2.1279396028450024, -1.1459447963289633]], [[0.1705749100373189, 0.0802282205432179, 0.7374032917355378, 0.2192182687375952], [-1.8575067229611184, 0.049846148194180824, -0.7934905345664068, -0.4661563380538344], [-1.0113866233777196, -0.35497412834292247, -0.8644848214123373, -1.200524827366273]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#1, dense<[2.9893970873964255, -4.123527532073437, -1.617521430805089]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#2, dense<[2.2300000000000004, 3.4599999999999995, 4.03]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<3xf64>, tensor<3xf64>)
  check.expect_almost_eq_const %h#0, dense<[[[0.25473704690453625, -0.3213353320735658, -0.2239682579481356, -0.617659385959585], [-0.4184737417180171, 1.1114828082701165, 1.815674115047245, 0.45144721927495657], [0.2871764440254956, 1.7843547452838149, 1.7793236769769956, -0.8999083313753753]], [[0.2503018290594453, 0.16970523602926496, 0.551464868205777, 0.09731339405799048], [-1.3828997237205412, 0.2994994139318566, -0.4400992510248976, -0.3472459061731537], [-0.7898291534100907, -0.25155878724433595, -0.6608418068944304, -0.9388188556927447]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#1, dense<[2.075005795941409, -4.249623430974999, -2.018543936567342]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#2, dense<[2.2300000000000004, 3.4599999999999995, 4.03]> : tensor<3xf64> {tolerance = 1.0e-12 : f64}
  func.return
}

func.func @f64_feature_last() {
  %x = hlo.constant dense<[[[-0.51, 1.62, 1.68, -0.87], [-1.43, -1.59, 1.98, -1.05], [-1.68, 0.56, 0.02, 0.68]], [[-1.3, -0.87, -1.17, -1.44], [-1.06, -0.36, 0.73, 0.32], [-1.46, -0.55, 2.0, 1.68]]]> : tensor<2x3x4xf64>
  %scale = hlo.constant dense<[1.91, -1.1, -1.01, 1.41]> : tensor<4xf64>
  %offset = hlo.constant dense<[-1.03, 1.77, -1.3, -1.99]> : tensor<4xf64>
  %mean = hlo.constant dense<[-0.99, 0.05, 1.12, 0.14]> : tensor<4xf64>
  %var = hlo.constant dense<[0.21, 1.6, 2.02, 1.81]> : tensor<4xf64>
  %dy = hlo.constant dense<[[[1.25, -0.07, 1.07, 0.52], [0.5, 0.68, -0.59, 1.48], [-1.68, 1.99, -0.42, -1.04]], [[1.11, -1.92, -0.24, 0.92], [1.94, -0.92, -1.95, 1.21], [0.66, 1.5, 1.0, 0.64]]]> : tensor<2x3x4xf64>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>)
  check.expect_almost_eq_const %t#0, dense<[[[2.6679185134195302, -0.16286903277324294, -2.002307030306373, -2.9606357799601417], [-1.9924719418489187, 3.2493268949272758, -2.2634955952963463, -3.191535921448457], [-3.2588823916501273, 0.9638997159378317, -0.5570636373618532, -0.9723290060329794]], [[-1.3339385079522905, 2.483974537312206, 0.47898433709837507, -3.6918195613398073], [-0.11818447614312977, 1.9418499506681985, -1.1752099078381237, -1.4341292890096105], [-2.1444411958250638, 2.1438179339277306, -2.280908166295678, 0.31044955779099603]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#1, dense<[-1.24, -0.19833333333333333, 0.8733333333333334, -0.11333333333333333]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#2, dense<[0.14116666666666666, 1.0698472222222224, 1.3447888888888888, 1.2071888888888889]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<2x3x4xf64>
  check.expect_almost_eq_const %i, dense<[[[0.9658751775153094, 0.4051130807807599, -1.697856304196574, -3.048232904490938], [-2.8595522460557, 3.1957417500124548, -1.910993610016167, -3.2368288676675405], [-3.8990705676782573, 1.3266290899351514, -0.5184965453281583, -1.4242121104701915]], [[-2.319002718811971, 2.5698063475679627, 0.3269481010895612, -3.6454534545501804], [-1.3210651300543164, 2.1264354375031136, -1.0229215024345288, -1.8014040368233972], [-2.9842944446504074, 2.2916128353704104, -1.9252027637374733, -0.37645675948906465]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>)
  check.expect_almost_eq_const %g#0, dense<[[[-4.203550327741567, 0.7026468066216971, -0.8811308873775885, -0.4187313439428203], [1.252983232154367, -0.8095804146868829, 0.6438517758964026, 0.7441500057091709], [-7.274962382150339, -1.7232123535393176, -0.025118310417127365, -1.829263620122174]], [[3.035144905529163, 2.114562495952439, -0.4981305550513472, -0.12280914520680913], [4.825080231225813, 1.165168886975446, 1.4956596441448191, 0.9198160052437212], [2.3653043409825614, -1.4495854213233816, -0.7351316671951589, 0.7068380983189105]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#1, dense<[4.4930386241010005, 1.3010023725469293, 2.1249945350751913, -1.9589817887919907]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#2, dense<[3.7800000000000002, 1.2600000000000002, -1.13, 3.73]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 2 : i64}> : (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<2x3x4xf64>) -> (tensor<2x3x4xf64>, tensor<4xf64>, tensor<4xf64>)
  check.expect_almost_eq_const %h#0, dense<[[[1.397033798492694, 0.3902519426064743, -0.8039647214788489, -0.4082535430140066], [0.5420078086265802, -0.5619760177733588, 0.4236242517574239, 0.5438176188589974], [-7.907502560541258, -1.4997541912733139, -0.012251088743679622, -1.5796982163403395]], [[2.758586027787574, 1.7656835210560853, -0.33144268922793596, -0.15943565700633539], [5.619301036008839, 0.9440260157643049, 1.1888916449401743, 0.6702033732294408], [1.2811102619107197, -1.1775819728999932, -0.7027881881285628, 0.4792750792461639]]]> : tensor<2x3x4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#1, dense<[1.6307919889580258, 0.8167192485936087, 1.9301236087075302, -2.3022380343331394]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#2, dense<[3.7800000000000002, 1.2600000000000002, -1.13, 3.73]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  func.return
}

func.func @f64_feature0_rank2() {
  %x = hlo.constant dense<[[-1.7, 1.42, 1.63], [0.67, 0.82, -1.79], [1.64, -1.38, 1.58], [-0.11, 0.44, -1.73], [-0.24, 0.94, 0.51]]> : tensor<5x3xf64>
  %scale = hlo.constant dense<[0.02, 1.97, -0.81, 0.95, -1.46]> : tensor<5xf64>
  %offset = hlo.constant dense<[-1.06, 1.39, -1.39, 1.93, -1.42]> : tensor<5xf64>
  %mean = hlo.constant dense<[0.7, 0.15, 0.86, -0.22, 0.65]> : tensor<5xf64>
  %var = hlo.constant dense<[3.48, 2.15, 2.98, 1.27, 0.36]> : tensor<5xf64>
  %dy = hlo.constant dense<[[-1.57, -1.63, -0.3], [1.04, -1.31, 1.67], [0.48, 0.63, 0.86], [1.32, -0.13, 0.47], [1.81, -0.96, -1.47]]> : tensor<5x3xf64>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>) -> (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>)
  check.expect_almost_eq_const %t#0, dense<[[-1.0882333170761147, -1.047262177877288, -1.0445045050465975], [2.6572554420221737, 2.904123385273246, -1.39137882729542], [-1.979759218262263, -0.24494801129599542, -1.9452927704417413], [2.2976413218431206, 2.864564855526437, 0.6277938226304423], [0.5022601691407587, -3.023543457158871, -1.7387167119818874]]> : tensor<5x3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#1, dense<[0.44999999999999996, -0.10000000000000002, 0.6133333333333334, -0.4666666666666666, 0.4033333333333333]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %t#2, dense<[2.3186, 1.4317999999999997, 1.9872888888888884, 0.8484222222222222, 0.23775555555555553]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>) -> tensor<5x3xf64>
  check.expect_almost_eq_const %i, dense<[[-1.0857270046927199, -1.052281898592184, -1.0500307856815712], [2.088472584744471, 2.2899550611130683, -1.2158400277005266], [-1.7559305206211322, -0.3391226074470046, -1.7277820190348914], [2.022692269393643, 2.48615361636186, 0.6575879383236232], [0.7426650480802492, -2.124688611172216, -1.0798054980547922]]> : tensor<5x3xf64> {tolerance = 1.0e-12 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>)
  check.expect_almost_eq_const %g#0, dense<[[0.0005475234000477104, -0.008720987379599981, 0.008173463979552271], [1.8948806989122233, -1.7873995669482394, -0.1074811319639841], [0.10824080469123096, 0.0022007400716045353, -0.11044154476283566], [0.8250023450658341, -0.6160350457104051, -0.20896729935542904], [-1.0972624320819944, -1.860382081814013, 2.9576445138960072]]> : tensor<5x3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#1, dense<[0.9457504631729184, -2.695664272379819, 0.04846105489168029, -0.2613092523675894, -3.7583604052264827]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %g#2, dense<[-3.5, 1.4, 1.9699999999999998, 1.66, -0.6199999999999999]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<5xf64>, tensor<5xf64>)
  check.expect_almost_eq_const %h#0, dense<[[0.0013805713140988697, -0.006677982397887681, 0.007079954015199525], [1.1572527315878764, -1.8876305072505626, 0.17199998764808086], [0.06579430278171502, 0.06158194231181747, -0.11116512549524732], [0.6618455218385078, -0.48096465651212644, -0.28722890733692164], [-1.5386049126662813, 0.7351472603330043, 3.5986753579298925]]> : tensor<5x3xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#1, dense<[1.2410063888650702, -2.438722075220177, -0.24186860622251477, -0.5768208879108734, -2.8019444423911803]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  check.expect_almost_eq_const %h#2, dense<[-3.5, 1.4, 1.9699999999999998, 1.66, -0.6199999999999999]> : tensor<5xf64> {tolerance = 1.0e-12 : f64}
  func.return
}

func.func @f16_feature1() {
  %x = hlo.constant dense<[[[-0.29, -1.93, 0.37, 1.13], [-0.4, -0.83, -0.51, -0.71], [-1.44, 0.77, 0.9, 0.15]], [[-1.12, 0.83, -1.84, -0.8], [-1.67, -1.72, 1.89, 0.78], [1.73, -0.07, 1.78, 0.07]]]> : tensor<2x3x4xf16>
  %scale = hlo.constant dense<[-0.96, -1.72, -1.62]> : tensor<3xf16>
  %offset = hlo.constant dense<[1.41, -1.64, -0.53]> : tensor<3xf16>
  %mean = hlo.constant dense<[-0.21, -0.15, 0.74]> : tensor<3xf16>
  %var = hlo.constant dense<[1.79, 1.93, 1.46]> : tensor<3xf16>
  %dy = hlo.constant dense<[[[1.2, 1.4, 1.59, 0.52], [2.0, -0.47, -1.3, -1.39], [-0.39, -0.11, -1.49, -1.57]], [[0.67, -0.01, -0.86, -0.39], [1.84, -0.08, 0.82, -0.33], [1.33, 1.34, 0.48, 0.64]]]> : tensor<2x3x4xf16>
  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>) -> (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>)
  check.expect_almost_eq_const %t#0, dense<[[[1.2640562, 2.70594887, 0.683520489, 0.015389159], [-1.63409536, -0.981794347, -1.46750316, -1.16393515], [2.63350114, -0.995626406, -1.20886871, 0.0222849492]], [[1.99401973, 0.279034812, 2.62694106, 1.71233968], [0.291710478, 0.367232275, -5.10587683, -3.4229254], [-2.57249716, 0.383534254, -2.65426676, 0.153657442]]]> : tensor<2x3x4xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %t#1, dense<[-0.456176758, -0.396240234, 0.486282349]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %t#2, dense<[1.19063316, 1.28521764, 0.972754099]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>) -> tensor<2x3x4xf16>
  check.expect_almost_eq_const %i, dense<[[[1.46759631, 2.64371655, 0.994066065, 0.449085991], [-1.33038309, -0.797969273, -1.19440907, -0.946634198], [2.39312747, -0.569708504, -0.743800479, 0.261318883]], [[2.06301156, 0.664135969, 2.5792716, 1.83325132], [0.241476544, 0.303118098, -4.1640816, -2.79044187], [-1.85707284, 0.556244432, -1.92382992, 0.368571975]]]> : tensor<2x3x4xf16> {tolerance = 2.0e-02 : f64}
  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<2x3x4xf16>) -> (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>)
  check.expect_almost_eq_const %g#0, dense<[[[-0.585009265, -0.933555213, -0.858212325, 0.162511471], [-2.82610165, 0.917456918, 2.17712685, 2.31252256], [-0.0825673925, 0.341064496, 2.65905953, 2.49091847]], [[-0.206018084, 0.597067599, 1.06354439, 0.759671428], [-2.58857416, 0.322415653, -1.02692802, 0.712081855], [-1.63949202, -2.37490558, -0.223897598, -1.17017991]]]> : tensor<2x3x4xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %g#1, dense<[1.04473763, 0.0250963467, 1.92116305]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %g#2, dense<[4.1206131, 1.09014893, 0.229614258]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>, tensor<3xf16>, tensor<2x3x4xf16>) -> (tensor<2x3x4xf16>, tensor<3xf16>, tensor<3xf16>)
  check.expect_almost_eq_const %h#0, dense<[[[-0.491940496, -0.645874649, -0.767274735, 0.00489892471], [-2.30187193, 0.763397318, 1.7842956, 1.89934137], [0.101550378, 0.192169613, 2.06959385, 2.0189095]], [[-0.116806855, 0.383194059, 0.975972293, 0.645417112], [-2.07923279, 0.297870767, -0.885231036, 0.55930351], [-1.53566656, -1.92816445, -0.385719778, -0.960788207]]]> : tensor<2x3x4xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %h#1, dense<[0.0940718112, -0.172688841, 1.52020346]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  check.expect_almost_eq_const %h#2, dense<[4.1206131, 1.09014893, 0.229614258]> : tensor<3xf16> {tolerance = 2.0e-02 : f64}
  func.return
}


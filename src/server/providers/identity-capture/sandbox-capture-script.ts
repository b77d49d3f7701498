/**
 * The sandbox capture page's script (served as `assets/capture.js`): the
 * camera through `getUserMedia`, a still of the document and of the face as
 * JPEG, both sent to the provider, then back to Sarraf. Any camera error
 * (refused, missing, busy) shows the one "camera cannot be used" section;
 * while the camera's permission is refused or not yet given, it is asked
 * about every second, and the camera starts once it is allowed.
 */
export const CAPTURE_SCRIPT = `
const video = document.getElementById('preview');
const step = document.getElementById('step');
const takeDocument = document.getElementById('take-document');
const takeSelfie = document.getElementById('take-selfie');
const send = document.getElementById('send');
const photos = {};

function showCamera(usable) {
  document.getElementById('camera').hidden = !usable;
  document.getElementById('denied').hidden = usable;
  if (!usable) document.getElementById('denied-heading').focus();
}

async function cameraPermission() {
  try {
    return (await navigator.permissions.query({ name: 'camera' })).state;
  } catch {
    return 'unknown';
  }
}

let polling;
async function pollPermission() {
  const state = await cameraPermission();
  if (state !== 'denied' && state !== 'prompt') return;
  polling = setInterval(async () => {
    if ((await cameraPermission()) !== 'granted') return;
    clearInterval(polling);
    showCamera(true);
    start();
  }, 1000);
}

function still() {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d').drawImage(video, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

async function start() {
  try {
    video.srcObject = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    await video.play();
  } catch {
    showCamera(false);
    pollPermission();
    return;
  }
  takeDocument.disabled = false;
  step.textContent = 'Hold the document in front of the camera, all four corners in view, and take its photo.';
}

takeDocument.addEventListener('click', async () => {
  photos.document = await still();
  takeSelfie.disabled = false;
  step.textContent = 'Document photo taken. Now look straight at the camera and take a selfie.';
});

takeSelfie.addEventListener('click', async () => {
  photos.selfie = await still();
  send.disabled = false;
  step.textContent = 'Selfie taken. Send the photos to finish.';
});

send.addEventListener('click', async () => {
  send.disabled = true;
  step.textContent = 'Sending the photos…';
  const body = new FormData();
  body.append('document', photos.document, 'document.jpg');
  body.append('selfie', photos.selfie, 'selfie.jpg');
  const res = await fetch('captures', { method: 'POST', body });
  if (!res.ok) {
    step.textContent = 'The photos could not be sent. Try again.';
    send.disabled = false;
    return;
  }
  const { data } = await res.json();
  for (const track of video.srcObject.getTracks()) track.stop();
  location.assign(data.next);
});

start();
`;
